// Issue 9, part 4: concurrency. Four processes × 200 turns (40 without LYRA_FUZZ_CASES) on one session and on separate sessions
// lose nothing (every user message followed by its reply); a history file shared by two REPLs
// stays loadable and a third REPL recalls from it with Up.
import Foundation
import LyraTestSupport
import Testing

@Suite struct ConcurrencyTests {
    static let writers = 4
    /// 200 turns per writer under `LYRA_FUZZ_CASES` (`make fuzz`); 40 in a plain `swift test`, to keep
    /// its time modest in a debug build on a loaded machine.
    static let turns = ProcessInfo.processInfo.environment["LYRA_FUZZ_CASES"] == nil ? 40 : 200

    func script(_ name: String) -> String {
        (0..<Self.turns).map { "\(name) \($0)" }.joined(separator: "\n") + "\n"
    }

    /// Every user message is followed by the demo reply to it, and each writer's messages are in order.
    func checkPairs(_ messages: [[String: Any]], writers: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        for (index, message) in messages.enumerated() where message["role"] as? String == "user" {
            let content = try #require(message["content"] as? String, sourceLocation: sourceLocation)
            #expect(messages[index + 1]["content"] as? String == demoReply(content), sourceLocation: sourceLocation)
            #expect(message["failed"] as? Bool == false, sourceLocation: sourceLocation)
        }
        let contents = messages.compactMap { $0["content"] as? String }
        for name in writers {
            #expect(contents.filter { $0.hasPrefix(name + " ") } == (0..<Self.turns).map { "\(name) \($0)" }, sourceLocation: sourceLocation)
        }
    }

    @Test func fourProcessesOnOneSessionLoseNoMessage() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        try writeForeignSession(env, fileName: "SHARED.json", id: "SHARED", title: "Shared")
        let names = (0..<Self.writers).map { "writer\($0)" }
        let results = try await withThrowingTaskGroup(of: ProcessResult.self) { group in
            for name in names {
                group.addTask {
                    try await env.runLyra(["--session", "Shared"], stdin: script(name),
                                          extraEnvironment: backend.lyraEnvironment, timeout: .seconds(120))
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.map(\.status) == Array(repeating: 0, count: Self.writers))
        #expect(results.allSatisfy { $0.stderr.isEmpty })
        let messages = try storedMessages(try onlySessionFile(env))
        #expect(messages.count == Self.writers * Self.turns * 2)
        try checkPairs(messages, writers: names)
        // Each writer folded the journal when it exited: the JSON file alone holds everything.
        let journal = env.sessionsDirectory.appending(path: ".SHARED.journal")
        #expect((try? Data(contentsOf: journal))?.isEmpty ?? true)
    }

    @Test func fourProcessesOnSeparateSessionsLoseNoMessage() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let names = (0..<Self.writers).map { "solo\($0)" }
        let results = try await withThrowingTaskGroup(of: ProcessResult.self) { group in
            for name in names {
                group.addTask {
                    try await env.runLyra(stdin: script(name), extraEnvironment: backend.lyraEnvironment,
                                          timeout: .seconds(120))
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.map(\.status) == Array(repeating: 0, count: Self.writers))
        let files = sessionFiles(env)
        #expect(files.count == Self.writers)
        for file in files {
            let messages = try storedMessages(file)
            #expect(messages.count == Self.turns * 2)
            let writer = try #require((messages.first?["content"] as? String)?.split(separator: " ").first.map(String.init))
            try checkPairs(messages, writers: [writer])
        }
        let listed = try await env.runLyra(["-c", "/sessions --json"], extraEnvironment: backend.lyraEnvironment)
        let items = try #require(try JSONSerialization.jsonObject(with: listed.stdoutData) as? [[String: Any]])
        #expect(items.compactMap { $0["messages"] as? Int } == Array(repeating: Self.turns * 2, count: Self.writers))
    }

    @Test func aHistoryFileSharedByTwoReplsStaysLoadable() async throws {
        let env = try TemporaryEnvironment()
        let first = try env.startLyraSession(["-q"])
        let second = try env.startLyraSession(["-q"])
        defer { first.terminate(); second.terminate() }
        try await first.awaitOutput(containing: "›")
        try await second.awaitOutput(containing: "›")
        var typed: [String] = []
        for turn in 0..<6 {
            for (name, session) in [("first", first), ("second", second)] {
                let line = "/help \(name)-\(turn)"
                typed.append(line)
                session.send(line + "\r")
                try await session.awaitPrompt(after: "\(name)-\(turn)", prompt: "›")
            }
        }
        first.send(.ctrlD)
        #expect(try await first.awaitExit() == 0)
        second.send(.ctrlD)
        #expect(try await second.awaitExit() == 0)

        let history = env.lyraStateDirectory.appending(path: "history")
        let text = try String(contentsOf: history, encoding: .utf8)
        #expect(text.hasPrefix("_HiStOrY_V2_\n"))
        let third = try env.startLyraSession(["-q"])
        defer { third.terminate() }
        try await third.awaitOutput(containing: "›")
        third.mark()
        third.send(.up)
        let recalled = try await third.awaitOutput(containing: "/help second-5")
        #expect(recalled.contains("/help second-5"))
        third.send(.ctrlU)
        third.send(.ctrlD)
        #expect(try await third.awaitExit() == 0)
    }
}
