// Every /sessions sub-command from scripts against real session files: list (text and JSON),
// switch, rename, delete (--yes required), show, export (stdout, files, refusals), damaged and foreign files.
import Foundation
import LyraTestSupport
import Testing

@Suite struct SessionCommandTests {
    /// An environment with three sessions made by three runs: alpha (oldest), beta, gamma (newest).
    private func threeSessions() async throws -> (TemporaryEnvironment, RunningBackend) {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        for word in ["alpha", "beta", "gamma"] {
            let result = try await env.runLyra(["-c", word], extraEnvironment: backend.lyraEnvironment)
            try #require(result.status == 0)
        }
        return (env, backend)
    }

    private func listJSON(_ env: TemporaryEnvironment, _ backend: RunningBackend) async throws -> [[String: Any]] {
        let result = try await env.runLyra(["-c", "/sessions --json"], extraEnvironment: backend.lyraEnvironment)
        try #require(result.status == 0)
        return try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]])
    }

    @Test func listingShowsMostRecentFirstAsTextAndAsOneJSONDocument() async throws {
        let (env, backend) = try await threeSessions()
        let text = try await env.runLyra(["-c", "/sessions"], extraEnvironment: backend.lyraEnvironment.merging(["TZ": "UTC"]) { $1 })
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.map { $0.split(separator: " ").prefix(2).joined(separator: " ") } == ["3 gamma", "2 beta", "1 alpha"])
        #expect(lines.allSatisfy { $0.contains("2 messages") && $0.wholeMatch(of: /.* \d{4}-\d\d-\d\d \d\d:\d\d/) != nil })

        let items = try await listJSON(env, backend)
        #expect(items.map { Set($0.keys) } == Array(repeating: ["number", "id", "title", "messages", "updatedAt"], count: 3))
        #expect(items.map { $0["number"] as? Int } == [3, 2, 1])
        #expect(items.map { $0["title"] as? String } == ["gamma", "beta", "alpha"])
        #expect(items.map { $0["messages"] as? Int } == [2, 2, 2])
        let ids = items.compactMap { $0["id"] as? String }
        #expect(Set(sessionFiles(env).map { $0.deletingPathExtension().lastPathComponent }) == Set(ids))
    }

    @Test func switchRenameShowAndExportWorkFromAScript() async throws {
        let (env, backend) = try await threeSessions()
        let script = "/sessions switch 2\nmore\n/sessions rename beta Renamed beta\n/sessions show\n"
        let result = try await env.runLyra(stdin: script, extraEnvironment: backend.lyraEnvironment)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let transcript = "you: beta\nlyra: \(demoReply("beta"))\nyou: more\nlyra: \(demoReply("more"))\n"
        #expect(result.stdout == demoReply("more") + "\n" + transcript)
        let items = try await listJSON(env, backend)
        #expect(items.first?["title"] as? String == "Renamed beta")
        #expect(items.first?["messages"] as? Int == 4)

        let shown = try await env.runLyra(["-c", "/sessions show \"Renamed beta\""], extraEnvironment: backend.lyraEnvironment)
        #expect(shown.stdout == transcript)
        let markdown = try await env.runLyra(["-c", "/sessions export 2"], extraEnvironment: backend.lyraEnvironment)
        #expect(markdown.stdout.hasPrefix("# Renamed beta\n"))
        #expect(markdown.stdout.contains("## You · ") && markdown.stdout.contains("\nmore\n"))
        #expect(markdown.stdout.contains("## Lyra · ") && markdown.stdout.contains(demoReply("more") + "\n"))
    }

    @Test func exportWritesFilesButNeverOverADirectoryOrAnExistingFileWithoutForce() async throws {
        let (env, backend) = try await threeSessions()
        let environment = backend.lyraEnvironment
        let written = try await env.runLyra(["-c", "/sessions export 1 alpha.json"], extraEnvironment: environment)
        #expect(written.status == 0)
        #expect(written.stdout == "")
        let exported = env.workDirectory.appendingPathComponent("alpha.json")
        let original = try #require(sessionFiles(env).first { try storedSession($0)["title"] as? String == "alpha" })
        #expect(try Data(contentsOf: exported) == Data(contentsOf: original))

        let again = try await env.runLyra(["-c", "/sessions export 1 alpha.json --format md"], extraEnvironment: environment)
        #expect(again.status == 1)
        #expect(again.stderr == "lyra: line 1: alpha.json already exists: pass --force to replace it\n")
        let forced = try await env.runLyra(["-c", "/sessions export 1 alpha.json --format md --force"], extraEnvironment: environment)
        #expect(forced.status == 0)
        #expect(try String(contentsOf: exported, encoding: .utf8).hasPrefix("# alpha\n"))

        try FileManager.default.createDirectory(at: env.workDirectory.appendingPathComponent("out"), withIntermediateDirectories: true)
        let directory = try await env.runLyra(["-c", "/sessions export 1 out"], extraEnvironment: environment)
        #expect(directory.status == 1)
        #expect(directory.stderr.contains("out is a directory"))
        let badFormat = try await env.runLyra(["-c", "/sessions export 1 --format pdf"], extraEnvironment: environment)
        #expect(badFormat.status == 1)
        #expect(badFormat.stderr.contains("unknown format 'pdf'"))
    }

    @Test func exportNeverReplacesAFIFOAndNamesAMissingDirectory() async throws {
        let (env, backend) = try await threeSessions()
        let fifo = env.workDirectory.appendingPathComponent("pipe.md")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let refused = try await env.runLyra(["-c", "/sessions export 1 pipe.md --force"], extraEnvironment: backend.lyraEnvironment)
        #expect(refused.status == 1)
        #expect(refused.stderr == "lyra: line 1: pipe.md is not a regular file (a device, FIFO or socket): not replaced\n")
        var status = stat()
        #expect(lstat(fifo.path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "the FIFO is still there")
        let missing = env.workDirectory.appendingPathComponent("nowhere").path
        let lost = try await env.runLyra(["-c", "/sessions export 1 \(missing)/x.md"], extraEnvironment: backend.lyraEnvironment)
        #expect(lost.status == 1)
        #expect(lost.stderr == "lyra: line 1: cannot export to \(missing)/x.md: no such directory: \(missing)\n")
    }

    @Test func deleteNeedsYesInAScript() async throws {
        let (env, backend) = try await threeSessions()
        let refused = try await env.runLyra(["-c", "/sessions delete alpha"], extraEnvironment: backend.lyraEnvironment)
        #expect(refused.status == 1)
        #expect(refused.stderr == "lyra: line 1: /sessions delete needs --yes in a script (nothing was deleted)\n")
        #expect(sessionFiles(env).count == 3)
        let deleted = try await env.runLyra(["-c", "/sessions delete alpha --yes"], extraEnvironment: backend.lyraEnvironment)
        #expect(deleted.status == 0)
        #expect(try await listJSON(env, backend).map { $0["title"] as? String } == ["gamma", "beta"])
        let missing = try await env.runLyra(["-c", "/sessions delete alpha --yes"], extraEnvironment: backend.lyraEnvironment)
        #expect(missing.status == 1)
        #expect(missing.stderr == "lyra: line 1: no session matches 'alpha' (see /sessions)\n")
    }

    @Test func aNumberStaysWithItsSessionWhenAnotherCommandChangesTheOrder() async throws {
        let (env, backend) = try await threeSessions()
        let before = try await listJSON(env, backend)
        let third = try #require(before.first { $0["number"] as? Int == 3 }?["id"] as? String)
        let result = try await env.runLyra(["-c", "/sessions rename 3 alpha renamed", "-c", "/sessions delete 3 --yes"],
                                           extraEnvironment: backend.lyraEnvironment)
        #expect(result.status == 0, "\(result.stderr)")
        let after = try await listJSON(env, backend)
        #expect(!after.contains { $0["id"] as? String == third })
        #expect(after.map { $0["title"] as? String } == ["beta", "alpha"])
        #expect(after.map { $0["number"] as? Int } == [2, 1])
        let fourth = try await env.runLyra(["-c", "delta"], extraEnvironment: backend.lyraEnvironment)
        try #require(fourth.status == 0)
        #expect(try await listJSON(env, backend).first?["number"] as? Int == 4)
    }

    @Test func badUsageFailsTheLineWithAMessage() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let result = try await env.runLyra(stdin: "/sessions frobnicate\n/sessions switch\n/sessions rename 1\n",
                                           extraEnvironment: backend.lyraEnvironment)
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("lyra: line 1: unknown sub-command 'frobnicate' for /sessions"))
        #expect(lines[1] == "lyra: line 2: usage: /sessions switch REF")
        #expect(lines[2] == "lyra: line 3: usage: /sessions rename REF TITLE")
    }

    @Test func aDamagedFileIsReportedAndLeftUntouchedWhileOthersStillWork() async throws {
        let (env, backend) = try await threeSessions()
        let damaged = env.sessionsDirectory.appendingPathComponent("broken.json")
        let bytes = Data("{\"id\": \"broken\", \"messages\": [{".utf8)
        try bytes.write(to: damaged)
        let result = try await env.runLyra(["-c", "/sessions --json", "-c", "/sessions switch gamma", "-c", "hi"],
                                           extraEnvironment: backend.lyraEnvironment)
        #expect(result.status == 0)
        #expect(result.stderr.contains("lyra: warning: session file \(damaged.path) is damaged"))
        #expect(try Data(contentsOf: damaged) == bytes)
        #expect(try await listJSON(env, backend).first?["messages"] as? Int == 4)
        let opened = try await env.runLyra(["--session", "broken", "-c", "hi"], extraEnvironment: backend.lyraEnvironment)
        #expect(opened.status == 2)
        #expect(try Data(contentsOf: damaged) == bytes)
    }

    @Test func aSessionFileWrittenByAnotherProgramIsListedAndOpened() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        try writeForeignSession(env, fileName: "from-elsewhere.json", id: "EXT-42", title: "Imported chat",
                                messages: [("user", "old question"), ("assistant", "old answer")])
        let result = try await env.runLyra(["--session", "Imported chat", "-c", "/sessions show", "-c", "new question"],
                                           extraEnvironment: backend.lyraEnvironment)
        #expect(result.status == 0)
        #expect(result.stdout == "you: old question\nlyra: old answer\n" + demoReply("new question") + "\n")
        #expect(sessionFiles(env).map(\.lastPathComponent) == ["from-elsewhere.json"])
        let messages = try storedMessages(env.sessionsDirectory.appendingPathComponent("from-elsewhere.json"))
        #expect(messages.compactMap { $0["content"] as? String }
            == ["old question", "old answer", "new question", demoReply("new question")])
        let requests = try await backend.control.requests()
        #expect(requests.first?.path == "/dola/chats/ext-42/messages")
    }
}
