// Session files under stress: a long script killed with SIGKILL at random moments leaves every file
// valid, and two lyra processes appending to one session lose no message.
import Foundation
import LyraTestSupport
import Testing

@Suite struct SessionCrashTests {
    @Test func killingALongScriptAtRandomMomentsLeavesEverySessionFileValid() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        var generator = SystemRandomNumberGenerator()
        var killed = 0
        for round in 0..<20 {
            let script = (0..<400).map { "round \(round) turn \($0)" }.joined(separator: "\n") + "\n"
            let timeout = Duration.milliseconds(Int.random(in: 80...450, using: &generator))
            do {
                _ = try await env.runLyra(round == 0 ? [] : ["--continue"], stdin: script,
                                          extraEnvironment: backend.lyraEnvironment, timeout: timeout)
            } catch HarnessError.timedOut(_, _, let captured) {
                #expect(captured.terminatedBySignal == SIGKILL)
                killed += 1
            }
            for file in sessionFiles(env) {
                let messages = try storedMessages(file)
                #expect(messages.allSatisfy { $0["content"] is String && $0["role"] is String })
            }
        }
        #expect(killed >= 15)
        let file = try onlySessionFile(env)
        let listed = try await env.runLyra(["-c", "/sessions --json"], extraEnvironment: backend.lyraEnvironment)
        #expect(listed.status == 0)
        let items = try #require(try JSONSerialization.jsonObject(with: listed.stdoutData) as? [[String: Any]])
        #expect(items.first?["messages"] as? Int == (try storedMessages(file).count))
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
