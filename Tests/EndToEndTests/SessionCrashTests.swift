// Session files under stress: a long script killed with SIGKILL at random moments leaves every file
// valid and loses no acknowledged message (file and journal), and two lyra processes appending to
// one session lose no message.
import Foundation
import LyraTestSupport
import Testing

@Suite struct SessionCrashTests {
    /// 30 killed runs under `LYRA_FUZZ_CASES` (`make fuzz`), 8 in a plain `swift test`.
    static let killedRuns = ProcessInfo.processInfo.environment["LYRA_FUZZ_CASES"] == nil ? 8 : 30

    @Test func killingALongScriptAtRandomMomentsLosesNoAcknowledgedMessage() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        var generator = SystemRandomNumberGenerator()
        var killed = 0
        var acknowledged: [[String]] = []   // per run: the messages whose reply began to show
        for round in 0..<Self.killedRuns {
            let typed = (0..<400).map { "round \(round) turn \($0)" }
            let timeout = Duration.milliseconds(Int.random(in: 80...450, using: &generator))
            var shown = ""
            do {
                shown = try await env.runLyra(round == 0 ? [] : ["--continue"], stdin: typed.joined(separator: "\n") + "\n",
                                              extraEnvironment: backend.lyraEnvironment, timeout: timeout).stdout
            } catch HarnessError.timedOut(_, _, let captured) {
                #expect(captured.terminatedBySignal == SIGKILL)
                killed += 1
                shown = captured.stdout
            }
            acknowledged.append(typed.filter { shown.contains(demoReply($0)) })
            for file in sessionFiles(env) {   // what other programs read: valid JSON at every moment
                let messages = try storedMessages(file)
                #expect(messages.allSatisfy { $0["content"] is String && $0["role"] is String })
            }
        }
        #expect(killed >= Self.killedRuns * 3 / 4)
        let file = try onlySessionFile(env)
        let listed = try await env.runLyra(["-c", "/sessions --json"], extraEnvironment: backend.lyraEnvironment)
        let items = try #require(try JSONSerialization.jsonObject(with: listed.stdoutData) as? [[String: Any]])
        // Lyra's reader (file plus journal), through export, which also folds the journal into the file.
        let messages = try await messagesReadByLyra(env)
        #expect(items.first?["messages"] as? Int == messages.count)
        #expect(try storedMessages(file).count == messages.count)
        let prompts = messages.filter { $0["role"] as? String == "user" }.compactMap { $0["content"] as? String }
        for (round, shown) in acknowledged.enumerated() {
            let stored = prompts.filter { $0.hasPrefix("round \(round) turn ") }
            // Typed order, each once, with nothing acknowledged missing.
            #expect(stored == (0..<stored.count).map { "round \(round) turn \($0)" })
            #expect(stored.count >= shown.count)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: env.sessionsDirectory.path)
        #expect(!names.contains { $0.contains(".tmp-") })
    }

    @Test func twoProcessesSendingToOneSessionLoseNoMessage() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        try writeForeignSession(env, fileName: "SHARED-1.json", id: "SHARED-1", title: "Shared")
        let environment = backend.lyraEnvironment
        func script(_ name: String) -> String { (0..<100).map { "\(name) \($0)" }.joined(separator: "\n") + "\n" }
        async let first = env.runLyra(["--session", "Shared"], stdin: script("first"), extraEnvironment: environment)
        async let second = env.runLyra(["--session", "SHARED-1"], stdin: script("second"), extraEnvironment: environment)
        let results = try await [first, second]
        #expect(results.map(\.status) == [0, 0])
        #expect(results.map(\.stderr) == ["", ""])

        let messages = try storedMessages(try onlySessionFile(env))
        #expect(messages.count == 400)
        let contents = messages.compactMap { $0["content"] as? String }
        for name in ["first", "second"] {
            #expect(contents.filter { $0.hasPrefix(name + " ") } == (0..<100).map { "\(name) \($0)" })
        }
        for (index, message) in messages.enumerated() where message["role"] as? String == "user" {
            let content = try #require(message["content"] as? String)
            #expect(messages[index + 1]["content"] as? String == demoReply(content))
            #expect(message["failed"] as? Bool == false)
        }
    }
}
