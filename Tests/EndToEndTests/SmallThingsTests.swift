// The small things of SPEC §9 from scripts: `/file` (and its errors), `//text`, unique command
// prefixes, did-you-mean, and `/sessions search` as text and JSON.
import Foundation
import LyraTestSupport
import Testing

@Suite struct SmallThingsTests {
    @Test func aFileIsAttachedToTheNextMessageOnly() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        try Data("# Notes\nпривет\n".utf8).write(to: env.workDirectory.appendingPathComponent("notes.md"))
        let result = try await env.runLyra(["-c", "/file notes.md", "-c", "/sessions --json", "-c", "summarise",
                                            "-c", "and again"], extraEnvironment: backend.lyraEnvironment)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(try await sentMessages(backend) == ["summarise\n\n# Notes\nпривет\n", "and again"])
    }

    @Test func fileErrorsAreClearAndSendNothing() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let work = env.workDirectory
        try Data([0x00, 0x01, 0x02]).write(to: work.appendingPathComponent("photo.bin"))
        try Data(repeating: 0x61, count: (1 << 20) + 1).write(to: work.appendingPathComponent("big.txt"))
        try FileManager.default.createDirectory(at: work.appendingPathComponent("dir"), withIntermediateDirectories: true)
        let result = try await env.runLyra(["-c", "/file missing.md", "-c", "/file dir", "-c", "/file photo.bin",
                                            "-c", "/file big.txt", "-c", "/file"], extraEnvironment: backend.lyraEnvironment)
        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n") == [
            "lyra: line 1: cannot attach missing.md: no such file",
            "lyra: line 2: cannot attach dir: it is a directory",
            "lyra: line 3: cannot attach photo.bin: not UTF-8 text (binary?)",
            "lyra: line 4: cannot attach big.txt: larger than 1 MiB",
            "lyra: line 5: usage: /file PATH",
        ])
        #expect(try await sentMessages(backend).isEmpty)
    }

    @Test func doubleSlashSendsASlashMessageAndPrefixesRunCommands() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let result = try await env.runLyra(["-c", "//etc/hosts is a file", "-c", "/sess --json", "-c", "/he new"],
                                           extraEnvironment: backend.lyraEnvironment)
        #expect(result.status == 0)
        #expect(try await sentMessages(backend) == ["/etc/hosts is a file"])
        #expect(result.stdout.hasPrefix(demoReply("/etc/hosts is a file") + "\n[\n  {\n    \"number\": 1,"))
        #expect(result.stdout.contains("/new [TITLE]"))
    }

    @Test func unknownAndAmbiguousCommandsSayWhatToTry() async throws {
        let env = try TemporaryEnvironment()
        let result = try await env.runLyra(["-c", "/hepl", "-c", "/s", "-c", "/x", "-c", "/sesions"])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr.split(separator: "\n") == [
            "lyra: line 1: unknown command '/hepl': did you mean /help?",
            "lyra: line 2: ambiguous command '/s': could be /sessions, /set, /settings, /subscribe, /system",
            "lyra: line 3: unknown command '/x' (try /help)",
            "lyra: line 4: unknown command '/sesions': did you mean /sessions?",
        ])
    }

    @Test func searchListsMatchingSessionsWithContextAsTextAndJSON() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        _ = try await env.runLyra(["-c", "/new Trip", "-c", "Plan a trip to Lisbon in May"],
                                  extraEnvironment: backend.lyraEnvironment)
        _ = try await env.runLyra(["-c", "/new Taxes", "-c", "When are taxes due?"], extraEnvironment: backend.lyraEnvironment)
        let text = try await env.runLyra(["-c", "/sessions search LISBON"], extraEnvironment: backend.lyraEnvironment)
        #expect(text.status == 0)
        // Trip was created first: its stable number is 1 (as `/sessions` shows), not its place (2nd) in the list.
        #expect(text.stdout == "1  Trip  Plan a trip to Lisbon in May\n")
        let json = try await env.runLyra(["-c", "/sessions search lisbon --json"], extraEnvironment: backend.lyraEnvironment)
        let parsed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        let hit = try #require(parsed?.first)
        #expect(parsed?.count == 1)
        #expect(hit["number"] as? Int == 1 && hit["title"] as? String == "Trip" && hit["role"] as? String == "user")
        #expect(hit["context"] as? String == "Plan a trip to Lisbon in May")
        let none = try await env.runLyra(["-c", "/sessions search nowhere --json"], extraEnvironment: backend.lyraEnvironment)
        #expect(none.stdout == "[]\n")
    }
}
