// Conversation control (SPEC §15), the built binary against the local backend's /v1 routes: each
// command's effect on the session file and on the next request's `messages` (as the backend
// recorded it): /undo (also across a SIGKILL), /undo --restore, /set, /fork, /regenerate and /alt
// (across a restart), /edit N, /continue.
import Foundation
import LyraTestSupport
import Testing

/// The bodies of the chat requests the backend received, in order.
func chatRequestBodies(_ backend: RunningBackend) async throws -> [[String: Any]] {
    try await backend.control.requests().filter { $0.method == "POST" && $0.path == "/v1/chat/completions" }
        .compactMap(\.bodyText)
        .map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
}

/// The `messages` of a recorded request as `role: content` lines.
func sentConversation(_ body: [String: Any]) -> [String] {
    ((body["messages"] as? [[String: Any]]) ?? []).map { "\($0["role"] as? String ?? "?"): \($0["content"] as? String ?? "")" }
}

/// The demo model's reply to `question` with `history` (see `cannedReply`), as `assistant: …`.
func assistant(_ question: String, _ history: String) -> String {
    "assistant: " + cannedReply(question, history: history)
}

@Suite struct ConversationControlTests {
    @Test func undoTakesBackTheLastExchangeAndRestoreBringsItBack() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let undone = try await env.runLyra(["-c", "one", "-c", "two", "-c", "/undo", "-c", "three"],
                                           extraEnvironment: openAIEnvironment(backend))
        #expect(undone.status == 0, "\(undone.stderr)")
        var bodies = try await chatRequestBodies(backend)
        #expect(bodies.count == 3)
        #expect(sentConversation(bodies[2]) == ["user: one", assistant("one", "1 message: yours"), "user: three"])
        // The run ended, so the file was rewritten: what /undo took back is gone from it.
        let file = try onlySessionFile(env)
        #expect(try storedMessages(file).compactMap { $0["content"] as? String }.filter { !$0.hasPrefix("This") }
            == ["one", "three"])

        let restored = try await env.runLyra(["--continue", "-c", "four", "-c", "/undo", "-c", "/undo", "-c", "/undo --restore",
                                              "-c", "five"], extraEnvironment: openAIEnvironment(backend))
        #expect(restored.status == 0, "\(restored.stderr)")
        bodies = try await chatRequestBodies(backend)
        // Two /undo took back "four" then "three"; --restore brought back "three" (the last taken).
        #expect(sentConversation(bodies[4]).filter { $0.hasPrefix("user:") } == ["user: one", "user: three", "user: five"])
        let none = try await env.runLyra(["--continue", "-c", "/undo --restore"], extraEnvironment: openAIEnvironment(backend))
        #expect(none.status == 1)
        #expect(none.stderr.contains("nothing to restore"))
    }

    @Test func anUndoSurvivesASigkillAndContinue() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let process = try BackgroundProcess(executable: try LyraBinary.url, input: .open,
                                            environment: env.environment(adding: openAIEnvironment(backend)),
                                            timeout: .seconds(180))
        // stdin stays open; /sessions --json prints only once /undo is saved (lines run in order).
        process.write("one\ntwo\n/undo\n/sessions --json\n")
        try await process.awaitOutput(containing: "\"messages\"", timeout: .seconds(180))   // a watchdog only
        process.signal(SIGKILL)
        let killed = try await process.result()
        #expect(killed.terminatedBySignal == SIGKILL)
        // The listing counts the messages of the conversation: the exchange taken back is not one of them.
        #expect(killed.stdout.contains("\"messages\": 2,"), "\(killed.stdout)")
        // Not folded: the journal holds the marks.
        let stem = try onlySessionFile(env).deletingPathExtension().lastPathComponent
        let journal = try String(contentsOf: env.sessionsDirectory.appendingPathComponent("." + stem + ".journal"), encoding: .utf8)
        #expect(journal.contains("\"removed\":true"))
        let next = try await env.runLyra(["--continue", "-c", "three"], extraEnvironment: openAIEnvironment(backend))
        #expect(next.status == 0, "\(next.stderr)")
        let bodies = try await chatRequestBodies(backend)
        #expect(sentConversation(try #require(bodies.last)) == ["user: one", assistant("one", "1 message: yours"), "user: three"])
        #expect(try storedMessages(try onlySessionFile(env)).filter { $0["role"] as? String == "user" }
            .compactMap { $0["content"] as? String } == ["one", "three"])
    }

    @Test func setParametersAreSavedSentListedAndCleared() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let result = try await env.runLyra(
            ["-c", "/set temperature 0.2", "-c", "/set top_p 0.9", "-c", "/set max_tokens 50", "-c", "/set seed 7",
             "-c", "hi", "-c", "/set seed --clear", "-c", "/set", "-c", "/set temperature 3", "-c", "/set warmth 1", "-c", "again"],
            extraEnvironment: openAIEnvironment(backend))
        #expect(result.status == 1)
        #expect(result.stdout.contains("\ntemperature 0.2\ntop_p 0.9\nmax_tokens 50\n"))
        #expect(result.stderr.contains("lyra: line 8: temperature must be a number from 0 to 2, not '3'"))
        #expect(result.stderr.contains("lyra: line 9: unknown parameter 'warmth'"))
        let bodies = try await chatRequestBodies(backend)
        #expect(bodies[0]["temperature"] as? Double == 0.2 && bodies[0]["top_p"] as? Double == 0.9)
        #expect(bodies[0]["max_tokens"] as? Int == 50 && bodies[0]["seed"] as? Int == 7)
        #expect(bodies[1]["seed"] == nil && bodies[1]["temperature"] as? Double == 0.2)
        let parameters = try #require(try storedSession(try onlySessionFile(env))["parameters"] as? [String: Any])
        #expect(parameters["temperature"] as? Double == 0.2 && parameters["topP"] as? Double == 0.9)
        #expect(parameters["maxTokens"] as? Int == 50 && parameters["seed"] == nil)

        // From the command line: saved in the new session and sent; a bad value is a usage error.
        let flags = try await env.runLyra(["--temperature", "1.5", "--max-tokens", "20", "hello"],
                                          extraEnvironment: openAIEnvironment(backend))
        #expect(flags.status == 0, "\(flags.stderr)")
        let last = try #require(try await chatRequestBodies(backend).last)
        #expect(last["temperature"] as? Double == 1.5 && last["max_tokens"] as? Int == 20 && last["top_p"] == nil)
        let bad = try await env.runLyra(["--max-tokens", "0", "hello"], extraEnvironment: openAIEnvironment(backend))
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("lyra: --max-tokens: max_tokens must be a whole number of at least 1, not '0'"))
    }

    @Test func forkCopiesTheConversationAndEditNKeepsTheLaterMessagesInAFork() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let result = try await env.runLyra(["-c", "one", "-c", "two", "-c", "/fork Branch", "-c", "three",
                                            "-c", "/edit 2 deux"], extraEnvironment: openAIEnvironment(backend))
        #expect(result.status == 0, "\(result.stderr)")
        let sessions = try sessionFiles(env).map { try storedSession($0) }
        func users(_ title: String) throws -> [String] {
            let session = try #require(sessions.first { $0["title"] as? String == title }, "no session \(title)")
            return ((session["messages"] as? [[String: Any]]) ?? []).filter { $0["role"] as? String == "user" }
                .compactMap { $0["content"] as? String }
        }
        #expect(sessions.count == 3)
        #expect(try users("one") == ["one", "two"])
        #expect(try users("Branch") == ["one", "deux"])
        #expect(try users("Branch (before edit)") == ["one", "two", "three"])
        let bodies = try await chatRequestBodies(backend)
        #expect(sentConversation(bodies[2]).count == 5)   // the fork's first turn carries its history
        #expect(sentConversation(bodies[3]) == ["user: one", assistant("one", "1 message: yours"), "user: deux"])
        let missing = try await env.runLyra(["--continue", "-c", "/edit 9 x"], extraEnvironment: openAIEnvironment(backend))
        #expect(missing.status == 1 && missing.stderr.contains("no message 9"))
    }

    @Test func regenerateKeepsAlternativesThatSurviveARestart() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        // The second reply is cut at 4 tokens, so the two replies differ.
        let first = try await env.runLyra(["-c", "one", "-c", "/set max_tokens 4", "-c", "/regenerate"],
                                          extraEnvironment: openAIEnvironment(backend))
        #expect(first.status == 0, "\(first.stderr)")
        let full = cannedReply("one", history: "1 message: yours")
        #expect(first.stdout == full + "\nThis is a **canned**\n")
        let bodies = try await chatRequestBodies(backend)
        #expect(sentConversation(bodies[1]) == ["user: one"])   // the same prompt, with the same history
        let file = try onlySessionFile(env)
        var reply = try #require(try storedMessages(file).last)
        #expect(reply["content"] as? String == "This is a **canned**")
        #expect(((reply["alternatives"] as? [[String: Any]]) ?? []).compactMap { $0["content"] as? String } == [full])

        let picked = try await env.runLyra(["--continue", "-c", "/alt", "-c", "/alt 1", "-c", "two"],
                                           extraEnvironment: openAIEnvironment(backend))
        #expect(picked.status == 0, "\(picked.stderr)")
        #expect(picked.stdout.hasPrefix("  1  This is a **canned** reply from Lyra's demo backend, not a real model.\n"
            + "* 2  This is a **canned**\n" + full + "\n"))
        let last = try #require(try await chatRequestBodies(backend).last)
        #expect(Array(sentConversation(last).prefix(2)) == ["user: one", "assistant: " + full])
        reply = try #require(try storedMessages(file).dropLast(2).last)
        #expect(reply["content"] as? String == full)
        #expect(((reply["alternatives"] as? [[String: Any]]) ?? []).compactMap { $0["content"] as? String } == ["This is a **canned**"])
    }

    @Test func continueAppendsToAReplyCutAtTheTokenLimit() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let result = try await env.runLyra(["-c", "/set max_tokens 3", "-c", "one", "-c", "/set max_tokens --clear",
                                            "-c", "/continue", "-c", "/continue"], extraEnvironment: openAIEnvironment(backend))
        #expect(result.status == 1)
        #expect(result.stderr.contains("lyra: line 2: reply cut at the model's token limit"))
        #expect(result.stderr.contains("lyra: line 5: nothing to continue"))
        let bodies = try await chatRequestBodies(backend)
        #expect(sentConversation(bodies[1]) == ["user: one", "assistant: This is a"])
        let reply = try #require(try storedMessages(try onlySessionFile(env)).last)
        let continuation = cannedReply("one", history: "2 messages: 2 earlier messages")
        // The demo model goes on with its canned reply from where it was cut.
        #expect(reply["content"] as? String == continuation)
        #expect(result.stdout == "This is a\n" + continuation.dropFirst("This is a".count) + "\n")
        #expect(reply["finishReason"] as? String == "stop")
    }

    @Test func continueFinishesAReplyCutOffMidStreamAndClearsTheFailedPrompt() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        try await backend.control.injectFault(json: #"{"path": "/v1/chat/completions", "close_after_words": 4}"#)
        let cut = try await env.runLyra(["-c", "one"], extraEnvironment: openAIEnvironment(backend))
        #expect(cut.status == 1)
        var messages = try storedMessages(try onlySessionFile(env))
        #expect(messages.first?["failed"] as? Bool == true && messages.last?["incomplete"] as? Bool == true)
        let partial = try #require(messages.last?["content"] as? String)
        let continued = try await env.runLyra(["--continue", "-c", "/continue"], extraEnvironment: openAIEnvironment(backend))
        #expect(continued.status == 0, "\(continued.stderr)")
        #expect(sentConversation(try #require(try await chatRequestBodies(backend).last)) == ["user: one", "assistant: " + partial])
        messages = try storedMessages(try onlySessionFile(env))
        #expect(messages.count == 2)
        #expect(messages.first?["failed"] as? Bool == false && messages.last?["incomplete"] == nil)
        #expect(messages.last?["content"] as? String == cannedReply("one", history: "2 messages: 2 earlier messages"))
    }
}
