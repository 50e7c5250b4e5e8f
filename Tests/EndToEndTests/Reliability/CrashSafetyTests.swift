// Issue 9, part 3: crash safety. SIGKILL during /sessions rename, delete and new-session writes;
// a full disk (RLIMIT_FSIZE) and an unwritable data directory give a clear error and keep the
// previous session file intact.
import Foundation
import LyraTestSupport
import Testing

@Suite struct CrashSafetyTests {
    @Test func killingRenameAndDeleteLoopsLeavesEverySessionFileValid() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        for index in 0..<6 {
            try writeForeignSession(env, fileName: "S\(index).json", id: "S\(index)", title: "title \(index)",
                                    messages: [("user", "hi \(index)"), ("assistant", "hello \(index)")])
        }
        var generator = SeededGenerator(seed: FuzzBudget.seed(for: #function))
        var killed = 0
        for round in 0..<12 {
            let script = (0..<300).map { turn -> String in
                switch turn % 4 {
                case 0: "/sessions rename S\(turn % 6) renamed \(round)-\(turn)"
                case 1: "/new scratch \(round)-\(turn)"
                case 2: "note \(round)-\(turn)"
                default: "/sessions delete \(2 + turn % 3) --yes"
                }
            }.joined(separator: "\n") + "\n"
            let timeout = Duration.milliseconds(Int.random(in: 60...400, using: &generator))
            do {
                _ = try await env.runLyra(stdin: script, extraEnvironment: backend.lyraEnvironment, timeout: timeout)
            } catch HarnessError.timedOut(_, _, let captured) {
                #expect(captured.terminatedBySignal == SIGKILL)
                killed += 1
            }
            for file in sessionFiles(env) {
                let session = try storedSession(file)
                #expect(session["id"] is String && session["title"] is String, "seed \(generator.seed): \(file.lastPathComponent)")
                let messages = try #require(session["messages"] as? [[String: Any]], "seed \(generator.seed)")
                #expect(messages.allSatisfy { $0["content"] is String && $0["role"] is String })
            }
        }
        #expect(killed >= 6)
        let listed = try await env.runLyra(["-c", "/sessions --json"], extraEnvironment: backend.lyraEnvironment)
        #expect(listed.status == 0, "\(listed.stderr)")
        let items = try #require(try JSONSerialization.jsonObject(with: listed.stdoutData) as? [[String: Any]])
        #expect(items.count == sessionFiles(env).count)
        let names = try FileManager.default.contentsOfDirectory(atPath: env.sessionsDirectory.path)
        #expect(!names.contains { $0.contains(".tmp") }, "\(names)")
    }

    @Test func aFullDiskFailsTheLineAndKeepsThePreviousSessionFile() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let first = try await env.runLyra(["-c", "a short first message"], extraEnvironment: backend.lyraEnvironment)
        try #require(first.status == 0)
        let file = try onlySessionFile(env)
        let before = try Data(contentsOf: file)
        let long = String(repeating: "long message ", count: 2_000)
        // ulimit -f counts 512-byte blocks: 16 blocks = 8 KiB, above the current file, below the next.
        let command = "ulimit -f 16; exec \"$0\" --continue -c \"$1\""
        let result = try await runProcess(executable: URL(filePath: "/bin/sh"),
                                          arguments: ["-c", command, try LyraBinary.url.path, long],
                                          environment: env.environment(adding: backend.lyraEnvironment),
                                          workingDirectory: env.workDirectory, timeout: .seconds(120))
        #expect(result.terminatedBySignal == nil, "killed by signal \(String(describing: result.terminatedBySignal))")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("lyra: line 1: "), "\(result.stderr)")
        #expect(result.stderr.contains("cannot write ") && result.stderr.hasSuffix(": File too large\n"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(try Data(contentsOf: file) == before)
        let names = try FileManager.default.contentsOfDirectory(atPath: env.sessionsDirectory.path)
        #expect(!names.contains { $0.contains(".tmp") }, "\(names)")
    }

    @Test func aSessionsPathThatIsAFileIsAClearError() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        try FileManager.default.createDirectory(at: env.sessionsDirectory.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try Data("not a directory".utf8).write(to: env.sessionsDirectory)
        let result = try await env.runLyra(["-c", "hello"], extraEnvironment: backend.lyraEnvironment)
        #expect(result.terminatedBySignal == nil)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("lyra: line 1: "), "\(result.stderr)")
        #expect(result.stderr == "lyra: line 1: \(env.sessionsDirectory.path) exists but is not a directory\n")
        #expect(try String(contentsOf: env.sessionsDirectory, encoding: .utf8) == "not a directory")
    }

    @Test(.enabled(if: getuid() != 0, "root ignores permission bits (CI runs as root): the sessions-path-is-a-file test covers it"))
    func aReadOnlyDataDirectoryIsAClearError() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let first = try await env.runLyra(["-c", "first"], extraEnvironment: backend.lyraEnvironment)
        try #require(first.status == 0)
        let file = try onlySessionFile(env)
        let before = try Data(contentsOf: file)
        chmod(env.sessionsDirectory.path, 0o500)
        defer { chmod(env.sessionsDirectory.path, 0o700) }
        let result = try await env.runLyra(["--continue", "-c", "second"], extraEnvironment: backend.lyraEnvironment)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("lyra: line 1: "), "\(result.stderr)")
        #expect(try Data(contentsOf: file) == before)
    }
}
