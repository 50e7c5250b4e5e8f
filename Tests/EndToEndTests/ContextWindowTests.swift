// The context window end to end (SPEC §12), against the local backend: the footer on a pseudo-
// terminal, the token budget (request log and notice), the silent-truncation warning, /compact's
// round trip, /usage --json totals, and the one-shot advice for piped input that cannot fit.
import Foundation
import LyraTestSupport
import Testing

@Suite struct ContextWindowTests {
    /// A session file written as another program would, whose messages carry learned `tokens`.
    private func writeSession(_ env: TemporaryEnvironment, id: String, messages: [(String, String, Int?)]) throws {
        try FileManager.default.createDirectory(at: env.sessionsDirectory, withIntermediateDirectories: true)
        let items = messages.enumerated().map { index, message -> [String: Any] in
            var item: [String: Any] = ["id": "m\(index)", "role": message.0, "content": message.1,
                                       "createdAt": String(format: "2026-01-01T00:00:%02dZ", index)]
            if message.0 == "user" { item["failed"] = false }
            if let tokens = message.2 { item["tokens"] = tokens }
            return item
        }
        let object: [String: Any] = ["id": id, "title": "long talk", "chatID": id.lowercased(),
                                     "createdAt": "2026-01-01T00:00:00Z", "updatedAt": "2026-01-01T00:01:00Z",
                                     "messages": items]
        let data = try JSONSerialization.data(withJSONObject: object)
        try data.write(to: env.sessionsDirectory.appendingPathComponent("\(id).json"))
    }

    private func chatBodies(_ backend: RunningBackend) async throws -> [[String: Any]] {
        try await backend.control.requests().filter { $0.path == "/v1/chat/completions" }.compactMap { request in
            request.bodyText.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        }
    }

    private func sentMessages(_ body: [String: Any]) -> [(role: String, content: String)] {
        (body["messages"] as? [[String: Any]] ?? []).map { ($0["role"] as? String ?? "", $0["content"] as? String ?? "") }
    }

    @Test func theFooterShowsTheWindowFromPropsAndIsHighlightedNearlyFull() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend(recordedBodyBytes: 1 << 20)
        try await backend.control.configure(BackendTestConfiguration(contextWindow: 2000))
        let session = try env.startLyraSession([], extraEnvironment: openAIEnvironment(backend), columns: 120)
        defer { session.terminate() }
        try await session.awaitOutput(containing: "lyra ›")
        session.send("hello there\r")
        // The demo counts a word a token: 3 prompt tokens, 32 reply words.
        let shown = ANSIText.strip(try await session.awaitOutput(containing: "context · "))
        #expect(shown.contains("openai:lyra-demo · 35 / 2k context · 32 tokens"), "\(shown)")
        #expect(!shown.contains("full:"))

        try await backend.control.configure(BackendTestConfiguration(contextWindow: 40))
        let other = try env.startLyraSession([], extraEnvironment: openAIEnvironment(backend), columns: 120)
        defer { other.terminate() }
        try await other.awaitOutput(containing: "lyra ›")
        other.send("hello there\r")
        let full = try await other.awaitOutput(containing: "will make room")
        #expect(ANSIText.strip(full).contains("35 / 40 context · 32 tokens · "), "\(full)")
        #expect(ANSIText.strip(full).contains("87% full: /compact or /new will make room"))
        other.send(.ctrlD)
        #expect(try await other.awaitExit() == 0)
    }

    @Test func theBudgetLeavesOutExactlyTheOldestMessagesThatDoNotFitAndSaysSo() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend(recordedBodyBytes: 1 << 20)
        // Learned counts as the demo backend counts (2 words + 1): "new" is 1 token by Lyra's estimate,
        // so the last four messages (12) fit in 13, the fifth would not.
        let messages = (0..<10).map { index in (index % 2 == 0 ? "user" : "assistant", "message \(index)", Optional(3)) }
        try writeSession(env, id: "BUDGET-1", messages: messages)
        let result = try await env.runLyra(["--session", "BUDGET-1", "--context-tokens", "13", "-c", "new"],
                                           extraEnvironment: openAIEnvironment(backend))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "lyra: line 1: sent the last 5 of 11 messages (13 tokens); /compact keeps the rest as a summary\n")
        let body = try #require(try await chatBodies(backend).last)
        #expect(sentMessages(body).map(\.content) == ["message 6", "message 7", "message 8", "message 9", "new"])

        let roomy = try await env.runLyra(["--session", "BUDGET-1", "--context-tokens", "5000", "-c", "again"],
                                          extraEnvironment: openAIEnvironment(backend))
        #expect(roomy.status == 0 && roomy.stderr == "", "\(roomy.stderr)")
        #expect(sentMessages(try #require(try await chatBodies(backend).last)).count == 13)
    }

    @Test func aWindowLearnedOnTheFirstTurnBudgetsTheNextAtNinetyPercent() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend(recordedBodyBytes: 1 << 20)
        try await backend.control.configure(BackendTestConfiguration(contextWindow: 1000))
        // 20 messages of 40 words (about 50 tokens by Lyra's estimate, 41 by the demo's count).
        let filler = Array(repeating: "word", count: 39).joined(separator: " ")
        try writeSession(env, id: "WINDOW-1", messages: (0..<20).map { index in
            (index % 2 == 0 ? "user" : "assistant", "n\(index) " + filler, nil)
        })
        let result = try await env.runLyra(["--session", "WINDOW-1", "-c", "first", "-c", "second"],
                                           extraEnvironment: openAIEnvironment(backend))
        #expect(result.status == 0, "\(result.stderr)")
        let bodies = try await chatBodies(backend)
        try #require(bodies.count == 2)
        // The first request went whole (the window was being looked up beside it).
        #expect(sentMessages(bodies[0]).first?.content.hasPrefix("n0 ") == true)
        // The second fits 900 tokens: the oldest messages were left out, the newest kept.
        let second = sentMessages(bodies[1])
        #expect(second.first?.content.hasPrefix("n0 ") == false)
        #expect(second.last?.content == "second")
        #expect(second.count < 23)
        #expect(result.stderr.hasPrefix("lyra: line 2: sent the last \(second.count) of 23 messages ("), "\(result.stderr)")
    }

    @Test func aTurnRefusedAsTooLongIsSentAgainBudgetedInsteadOfFailing() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend(recordedBodyBytes: 1 << 20)
        try await backend.control.configure(BackendTestConfiguration(contextWindow: 100))
        let filler = Array(repeating: "word", count: 9).joined(separator: " ")
        try writeSession(env, id: "OVER-1", messages: (0..<20).map { index in
            (index % 2 == 0 ? "user" : "assistant", "n\(index) " + filler, nil)
        })
        // No window is known before the first request: the server refuses it (220 of its tokens in 100).
        let result = try await env.runLyra(["--session", "OVER-1", "-c", "the new question"],
                                           extraEnvironment: openAIEnvironment(backend))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("This is a **canned** reply"))
        let bodies = try await chatBodies(backend)
        try #require(bodies.count == 2)
        #expect(sentMessages(bodies[0]).count == 21)
        let second = sentMessages(bodies[1])
        #expect(second.last?.content == "the new question")
        #expect(second.count < 9, "\(second.count) messages, 11 demo tokens each, in a window of 100")
        #expect(result.stderr.hasPrefix("lyra: line 1: sent the last \(second.count) of 21 messages ("), "\(result.stderr)")
    }

    @Test func theTruncationWarningFiresWhenTheServerReadFarLessAndNotOtherwise() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend(recordedBodyBytes: 1 << 20)
        try await backend.control.configure(BackendTestConfiguration(serverKind: "ollama"))
        let long = Array(repeating: "word", count: 200).joined(separator: " ")
        try writeSession(env, id: "CUT-1", messages: (0..<6).map { index in (index % 2 == 0 ? "user" : "assistant", long, nil) })
        let honest = try await env.runLyra(["--session", "CUT-1", "-c", "go on"], extraEnvironment: openAIEnvironment(backend))
        #expect(honest.status == 0)
        #expect(!honest.stderr.contains("cut the conversation"), "\(honest.stderr)")

        try await backend.control.configure(BackendTestConfiguration(silentTruncateTokens: 64))
        let cut = try await env.runLyra(["--session", "CUT-1", "-c", "go on"], extraEnvironment: openAIEnvironment(backend))
        #expect(cut.status == 0)
        #expect(cut.stderr.hasPrefix("lyra: line 1: warning: the server read only 64 of about 1.5k tokens sent"), "\(cut.stderr)")
        #expect(cut.stderr.contains("OLLAMA_CONTEXT_LENGTH"))
    }

    @Test func compactSummarisesOlderMessagesAndTheNextRequestSendsSystemSummaryAndKept() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend(recordedBodyBytes: 1 << 20)
        let result = try await env.runLyra(
            ["--system", "Be brief.", "-c", "first question", "-c", "second question", "-c", "third question",
             "-c", "/compact 2", "-c", "fourth question"],
            extraEnvironment: openAIEnvironment(backend))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("compacted 4 messages into a summary ("))
        #expect(result.stdout.contains("tokens); the last 2 are sent as they are\n"))

        let bodies = try await chatBodies(backend)
        try #require(bodies.count == 5)
        let summarising = sentMessages(bodies[3])
        #expect(summarising.map(\.content).prefix(3) == ["Be brief.", "first question", demoReplyStart(2)])
        #expect(summarising.last?.content.hasPrefix("Summarise the conversation so far") == true)
        let next = sentMessages(bodies[4])
        #expect(next.map(\.role) == ["system", "system", "user", "assistant", "user"])
        #expect(next[1].content.hasPrefix("Summary of the earlier conversation:\nThis is a **canned** reply"))
        #expect(next[2].content == "third question")
        #expect(next[4].content == "fourth question")

        let stored = try storedMessages(try onlySessionFile(env))
        #expect(stored.map { $0["role"] as? String } == ["user", "assistant", "user", "assistant", "summary",
                                                           "user", "assistant", "user", "assistant"])
        #expect(stored.map { $0["compacted"] as? Bool ?? false } == [true, true, true, true, false, false, false, false, false])
        let shown = try await env.runLyra(["-c", "/sessions show 1"])
        #expect(shown.stdout.contains("you (compacted): first question\n"), "\(shown.stdout)")
        #expect(shown.stdout.contains("\nsummary: This is a **canned** reply"))
    }

    @Test func usageJSONTotalsEqualTheSumOfSavedUsage() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend(recordedBodyBytes: 1 << 20)
        try FileManager.default.createDirectory(at: env.configFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"models": {"lyra-demo": {"price": {"input": 1.5, "output": 6}}}}"#.utf8).write(to: env.configFile)
        _ = try await env.runLyra(["-c", "one", "-c", "two"], extraEnvironment: openAIEnvironment(backend))
        _ = try await env.runLyra(["-c", "three"], extraEnvironment: openAIEnvironment(backend))
        let result = try await env.runLyra(["-c", "/usage --json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        var prompt = 0, completion = 0, replies = 0
        for file in sessionFiles(env) {
            for message in try storedMessages(file) {
                guard let usage = message["usage"] as? [String: Any] else { continue }
                prompt += usage["promptTokens"] as? Int ?? 0
                completion += usage["completionTokens"] as? Int ?? 0
                replies += 1
            }
        }
        let total = try #require(report["total"] as? [String: Any])
        #expect(replies == 3)
        #expect(total["promptTokens"] as? Int == prompt)
        #expect(total["completionTokens"] as? Int == completion)
        #expect(total["replies"] as? Int == 3)
        let cost = try #require(total["cost"] as? Double)
        #expect(abs(cost - (Double(prompt) * 1.5 + Double(completion) * 6) / 1_000_000) < 1e-12)
        let models = try #require(report["models"] as? [[String: Any]])
        #expect(models.map { $0["model"] as? String } == ["openai:lyra-demo"])

        let other = try await env.runLyra(["-c", "/usage --model other --json"])
        let none = try #require(try JSONSerialization.jsonObject(with: other.stdoutData) as? [String: Any])
        #expect((none["total"] as? [String: Any])?["replies"] as? Int == 0)
        #expect((none["total"] as? [String: Any])?["cost"] is NSNull)
    }

    @Test func aOneShotWhosePipedInputExceedsTheWindowSaysSo() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend(recordedBodyBytes: 1 << 20)
        try await backend.control.configure(BackendTestConfiguration(contextWindow: 100))
        let input = String(repeating: "word ", count: 400)
        let result = try await env.runLyra(["summarise", "this"], stdin: input,
                                           extraEnvironment: openAIEnvironment(backend))
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("lyra: the input is about 500 tokens; the model's window is 100"), "\(result.stderr)")
        #expect(!result.stderr.contains("/new"))

        // Ollama cuts such input silently: the reply comes, with the truncation warning and the advice.
        try await backend.control.configure(BackendTestConfiguration(serverKind: "ollama", silentTruncateTokens: 100))
        let cut = try await env.runLyra(["summarise", "this"], stdin: input, extraEnvironment: openAIEnvironment(backend))
        #expect(cut.status == 0)
        #expect(cut.stderr.contains("lyra: warning: the server read only 100 of about 504 tokens sent"), "\(cut.stderr)")
        #expect(cut.stderr.contains("lyra: warning: the input is about 500 tokens; the model's window is 100"))
    }
}

/// The first words of the demo reply to the message sent `number`th in a session.
private func demoReplyStart(_ number: Int) -> String {
    "This is a **canned** reply from Lyra's demo backend, not a real model. You asked: \"first question\". "
        + "It arrived with \(number) messages: a system prompt and yours. Pick a real model with /model for real answers."
}
