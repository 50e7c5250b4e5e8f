// Composing in $EDITOR on a real pseudo-terminal (SPEC §9 "Compose in an editor"): Ctrl-X Ctrl-E
// replaces the line with what the editor saved, /edit sends it; the file is private and removed.
import Foundation
import LyraTestSupport
import Testing

@Suite struct REPLEditorTests {
    /// An editor script that records the file's mode, its path and what it held, then writes `text`.
    private func makeEditor(in environment: TemporaryEnvironment, writing text: String) throws -> (script: String, record: URL) {
        let script = environment.root.appendingPathComponent("editor.sh")
        let record = environment.root.appendingPathComponent("editor-record")
        try """
            #!/bin/sh
            for last; do :; done
            { stat -c %a "$last"; echo "$last"; cat "$last"; } > '\(record.path)'
            stty -a > '\(record.path)-tty' 2>&1
            printf '%s\\n' '\(text)' > "$last"
            """.writeExecutable(to: script.path)
        return (script.path, record)
    }

    /// Lyra on a terminal with `variable` naming an editor script that writes `text`; returned at the prompt.
    private func startWithEditor(writing text: String, variable: String = "EDITOR", arguments: [String] = ["-q"])
        async throws -> (session: PseudoTerminalSession, backend: RunningBackend, record: URL, environment: TemporaryEnvironment) {
        let environment = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let (script, record) = try makeEditor(in: environment, writing: text)
        let extra = [variable: script + " --wait", "TMPDIR": environment.root.path]
        let session = try environment.startLyraSession(arguments, extraEnvironment: backend.lyraEnvironment.merging(extra) { $1 })
        try await session.awaitOutput(containing: "lyra ›")
        return (session, backend, record, environment)
    }

    /// The recorded mode and path; the path no longer exists.
    private func checkRecord(_ record: URL) throws -> [String] {
        let lines = try String(contentsOf: record, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        #expect(lines.first == "600")
        let path = try #require(lines.dropFirst().first)
        #expect(path.contains("/lyra-edit-"))
        #expect(!FileManager.default.fileExists(atPath: path))
        return Array(lines.dropFirst(2))
    }

    /// The editor had the terminal in its normal mode: canonical, echoing (Lyra holds type-ahead
    /// with both off while a line runs).
    private func expectCookedTerminal(_ record: URL) throws {
        let modes = try String(contentsOf: URL(fileURLWithPath: record.path + "-tty"), encoding: .utf8)
            .split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" })
        #expect(modes.contains("icanon") && modes.contains("echo"), "\(modes)")
    }

    @Test func ctrlXCtrlEReplacesTheLineWithTheEditorsText() async throws {
        let (session, backend, record, environment) = try await startWithEditor(writing: "written in the editor")
        session.mark()
        session.send("draft ✓")
        try await session.awaitOutput(containing: "draft ✓")
        session.send("\u{18}\u{05}")
        try await session.awaitOutput(containing: "written in the editor")
        session.send(.enter)
        try await session.awaitPrompt(after: "This answer comes from")
        #expect(try await backend.control.sentChatMessages() == ["written in the editor"])
        #expect(try checkRecord(record).first == "draft ✓")
        try expectCookedTerminal(record)
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
        withExtendedLifetime(environment) {}
    }

    @Test func editSendsWhatWasSavedAsAChatMessage() async throws {
        let (session, backend, record, environment) = try await startWithEditor(writing: "composed with /edit", variable: "VISUAL")
        session.send("/edit\r")
        try await session.awaitPrompt(after: "This answer comes from")
        #expect(try await backend.control.sentChatMessages() == ["composed with /edit"])
        #expect(try checkRecord(record).first == "")
        try expectCookedTerminal(record)
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
        withExtendedLifetime(environment) {}
    }

    @Test func aBlankTextSendsNothing() async throws {
        let (session, backend, _, environment) = try await startWithEditor(writing: "   ", arguments: [])
        session.send("/edit\r")
        try await session.awaitPrompt(after: "nothing sent")
        #expect(try await backend.control.sentChatMessages().isEmpty)
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
        withExtendedLifetime(environment) {}
    }

    @Test func editInAScriptFailsClearly() async throws {
        let environment = try TemporaryEnvironment()
        let result = try await environment.runLyra(["-c", "/edit"], extraEnvironment: ["EDITOR": "/bin/true"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("/edit needs a terminal"))
    }

    @Test func aFileLeftByAKilledLyraIsSweptWhenTheREPLStarts() async throws {
        let environment = try TemporaryEnvironment()
        let ended = try BackgroundProcess(executable: URL(fileURLWithPath: "/bin/true"))
        let dead = ended.processIdentifier
        _ = try await ended.result()
        let left = environment.root.appendingPathComponent("lyra-edit-\(dead)-Xy12Zq.md")
        try "what the user composed".write(to: left, atomically: false, encoding: .utf8)
        let session = try environment.startLyraSession(["-q", "--demo"], extraEnvironment: ["TMPDIR": environment.root.path])
        try await session.awaitOutput(containing: "lyra ›")
        let deadline = ContinuousClock.now.advanced(by: Watchdog.standard)
        while FileManager.default.fileExists(atPath: left.path) {
            try #require(ContinuousClock.now < deadline, "the file of a gone process was not swept")
            try await Task.sleep(for: .milliseconds(20))
        }
        session.send("/quit\r")
        _ = try await session.awaitExit()
    }
}
