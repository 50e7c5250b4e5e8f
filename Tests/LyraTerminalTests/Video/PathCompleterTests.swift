// PathCompleter over real temporary directories: entries continuing the partial path,
// directories with `/`, JPEG filtering, hidden files, `~/`; and /video's argument completion.
import Foundation
@testable import LyraTerminal
import Testing

@Suite struct PathCompleterTests {
    private func makeTree() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appending(path: "lyra-path-\(UUID().uuidString)")
        for directory in ["photos", "photos/old", ".hidden"] {
            try FileManager.default.createDirectory(at: root.appending(path: directory), withIntermediateDirectories: true)
        }
        for file in ["photos/a.jpg", "photos/B.JPEG", "photos/notes.txt", "photos/.secret.jpg", "pic.jpg", "my photo.jpg"] {
            try Data([0xFF]).write(to: root.appending(path: file))
        }
        return root
    }

    @Test func listsEntriesContinuingThePartialPath() throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(at: root) }
        let jpegs = PathCompleter(fileExtensions: ["jpg", "jpeg"], home: nil)
        let base = root.path + "/"
        #expect(jpegs.complete(base) == [base + "my photo.jpg", base + "photos/", base + "pic.jpg"])
        #expect(jpegs.complete(base + "p") == [base + "photos/", base + "pic.jpg"])
        #expect(jpegs.complete(base + "photos/") == [base + "photos/B.JPEG", base + "photos/a.jpg", base + "photos/old/"])
        #expect(jpegs.complete(base + "photos/.") == [base + "photos/.secret.jpg"])
        #expect(jpegs.complete(base + "nothing/") == [])
        let any = PathCompleter(fileExtensions: nil, home: nil)
        #expect(any.complete(base + "photos/n") == [base + "photos/notes.txt"])
    }

    @Test func expandsHomeButKeepsTheTilde() throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(at: root) }
        let completer = PathCompleter(fileExtensions: ["jpg"], home: root.path)
        #expect(completer.complete("~/pi") == ["~/pic.jpg"])
        #expect(completer.complete("~/photos/a") == ["~/photos/a.jpg"])
    }

    @Test func relativePathsUseTheListedDirectory() {
        let listed = PathCompleter(fileExtensions: ["jpg"], home: nil) { path in
            path == "." ? [.init(name: "red.jpg", isDirectory: false), .init(name: "Fixtures", isDirectory: true)] : []
        }
        #expect(listed.complete("") == ["Fixtures/", "red.jpg"])
        #expect(listed.complete("F") == ["Fixtures/"])
    }

    @Test func videoCompletesSubcommandsTemplateIdsPhotosAndFlags() throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(at: root) }
        let data = CompletionData()
        data.set(.templateIDs, ["1", "2"])
        let engine = CompletionEngine(registry: CommandRegistry(commands: [VideoCommand(home: root.path)]), data: data)
        #expect(engine.complete("/video ").candidates == ["templates", "list", "status", "download", "open", "1", "2"])
        #expect(engine.complete("/video t").insertion == "emplates ")
        #expect(engine.complete("/video templates ").candidates == ["--json"])
        #expect(engine.complete("/video 1 ~/ph").insertion == "otos/")
        #expect(engine.complete("/video 1 ~/my").insertion == "\\ photo.jpg ")
        #expect(engine.complete("/video 1 ~/pic.jpg --").candidates == ["--out", "--prompt"])
        #expect(engine.complete("/video 1 ~/pic.jpg --out ~/photos/n").candidates == ["~/photos/notes.txt"])
    }
}
