// Choosing the user's editor ($VISUAL › $EDITOR › vi, split like a shell) and running it on a
// private temporary file that is removed afterwards.
import Foundation
import LyraTestSupport
import Testing
@testable import LyraTerminal

@Suite struct ExternalEditorTests {
    @Test func visualWinsOverEditorWhichWinsOverVi() {
        #expect(ExternalEditor.resolve(environment: ["VISUAL": "nano", "EDITOR": "vim"]).command == ["nano"])
        #expect(ExternalEditor.resolve(environment: ["EDITOR": "code --wait"]).command == ["code", "--wait"])
        #expect(ExternalEditor.resolve(environment: ["EDITOR": "'/opt/my editor/bin/ed' -x"]).command
                == ["/opt/my editor/bin/ed", "-x"])
        #expect(ExternalEditor.resolve(environment: ["VISUAL": "", "EDITOR": "ed"]).command == ["ed"])
        #expect(ExternalEditor.resolve(environment: [:]).command == ["vi"])
    }

    @Test func temporaryFilesGoToTMPDIR() {
        #expect(ExternalEditor.resolve(environment: ["TMPDIR": "/var/tmp"]).temporaryDirectory == "/var/tmp")
        #expect(ExternalEditor.resolve(environment: [:]).temporaryDirectory == "/tmp")
    }

    @Test func theEditorSeesThePrivateFileAndItsTextComesBack() throws {
        let environment = try TemporaryEnvironment()
        let script = environment.root.appendingPathComponent("editor.sh").path
        let record = environment.root.appendingPathComponent("record").path
        try """
            #!/bin/sh
            for last; do :; done
            { stat -c %a "$last"; echo "$last"; cat "$last"; echo; } > '\(record)'
            printf 'new text\\n\\n' > "$last"
            """.writeExecutable(to: script)
        let editor = ExternalEditor(command: [script, "--wait"], temporaryDirectory: environment.root.path)
        #expect(try editor.edit("old ✓") == "new text")
        let lines = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.first == "600")
        #expect(lines.dropFirst().first?.hasPrefix(environment.root.path + "/lyra-edit-") == true)
        #expect(lines.dropFirst(2).first == "old ✓")
        let path = try #require(lines.dropFirst().first)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aFailingOrMissingEditorIsAnError() throws {
        let environment = try TemporaryEnvironment()
        let failing = ExternalEditor(command: ["/bin/sh", "-c", "exit 3", "sh"], temporaryDirectory: environment.root.path)
        #expect(throws: ExternalEditorError.failed(command: "/bin/sh -c exit 3 sh", status: 3)) { try failing.edit("x") }
        let missing = ExternalEditor(command: ["no-such-editor-xyz"], temporaryDirectory: environment.root.path)
        #expect(throws: ExternalEditorError.self) { try missing.edit("x") }
        let left = try FileManager.default.contentsOfDirectory(atPath: environment.root.path).filter { $0.hasPrefix("lyra-edit-") }
        #expect(left.isEmpty)
    }

    @Test func editingSweepsTheFilesOfAKilledLyraAndNothingElse() async throws {
        let environment = try TemporaryEnvironment()
        let directory = environment.root.path
        let ended = try BackgroundProcess(executable: URL(fileURLWithPath: "/bin/true"))
        let dead = ended.processIdentifier
        _ = try await ended.result()   // reaped: its pid names no process now
        let stale = ["lyra-edit-\(dead)-abcdef.md", "lyra-edit-OLDONE.md"]
        let kept = ["lyra-edit-\(getpid())-abcdef.md", "lyra-edit-\(getppid())-abcdef.md", "lyra-edit-FRESH1.md",
                    "lyra-edit-\(dead)-abcdef.txt", "notes.md"]
        for name in stale + kept { try "composed text".write(toFile: directory + "/" + name, atomically: false, encoding: .utf8) }
        let twoDaysAgo = Date().addingTimeInterval(-2 * 86_400)
        try FileManager.default.setAttributes([.modificationDate: twoDaysAgo], ofItemAtPath: directory + "/lyra-edit-OLDONE.md")
        // A link or a directory under a stale name is not ours to remove.
        try FileManager.default.createSymbolicLink(atPath: directory + "/lyra-edit-\(dead)-link00.md", withDestinationPath: "notes.md")
        try FileManager.default.createDirectory(atPath: directory + "/lyra-edit-\(dead)-dir000.md", withIntermediateDirectories: false)

        let editor = ExternalEditor(command: ["/bin/true"], temporaryDirectory: directory)
        #expect(try editor.edit("") == "")
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: directory))
        #expect(left.isDisjoint(with: stale))
        #expect(left.isSuperset(of: kept + ["lyra-edit-\(dead)-link00.md", "lyra-edit-\(dead)-dir000.md"]))
        #expect(!left.contains { $0.hasPrefix("lyra-edit-\(getpid())-") && $0 != "lyra-edit-\(getpid())-abcdef.md" })
    }
}
