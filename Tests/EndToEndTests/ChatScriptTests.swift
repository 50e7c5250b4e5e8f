// Chat turns from scripts against the local backend: exact replies on stdout, the session file's
// contents (SPEC §3), `"""` blocks, --continue, lazy creation, sanitising, configuration errors.
import Foundation
import LyraKit
import LyraTestSupport
import Testing

@Suite struct ChatScriptTests {
    @Test func twoLinesPrintExactlyTheTwoRepliesAndStoreFourMessages() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let result = try await env.runLyra(stdin: "hello\nпривет 👋\n", extraEnvironment: backend.lyraEnvironment)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == demoReply("hello") + "\n" + demoReply("привет 👋") + "\n")

        let file = try onlySessionFile(env)
        let session = try storedSession(file)
        #expect(Set(session.keys) == ["id", "title", "chatID", "number", "createdAt", "updatedAt", "messages"])
        #expect(session["number"] as? Int == 1)
        let id = try #require(session["id"] as? String)
        #expect(file.lastPathComponent == id + ".json")
        #expect(session["title"] as? String == "hello")
        let chatID = try #require(session["chatID"] as? String)
        #expect(chatID == chatID.lowercased() && UUID(uuidString: chatID) != nil)

        let messages = try storedMessages(file)
        #expect(messages.map { $0["role"] as? String } == ["user", "assistant", "user", "assistant"])
        #expect(messages.map { $0["content"] as? String }
            == ["hello", demoReply("hello"), "привет 👋", demoReply("привет 👋")])
        #expect(messages.map { $0["failed"] as? Bool } == [false, nil, false, nil])
        #expect(Set(messages.compactMap { $0["id"] as? String }).count == 4)
        let stamps = messages.compactMap { $0["createdAt"] as? String } + [session["createdAt"], session["updatedAt"]]
            .compactMap { $0 as? String }
        #expect(stamps.count == 6)
        #expect(stamps.allSatisfy { $0.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil })
        #expect(session["updatedAt"] as? String == messages.last?["createdAt"] as? String)

        let posts = try await backend.control.requests().filter { $0.method == "POST" }
        #expect(posts.map(\.path) == Array(repeating: "/dola/chats/\(chatID)/messages", count: 2))
    }

    @Test func aTripleQuoteBlockIsOneMessageWithItsNewlines() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let script = "\"\"\"\nline one\n  line two\n\n\"\"\"\n"
        let result = try await env.runLyra(stdin: script, extraEnvironment: backend.lyraEnvironment)
        #expect(result.status == 0)
        #expect(result.stdout == demoReply("line one\n  line two\n") + "\n")
        let messages = try storedMessages(try onlySessionFile(env))
        #expect(messages.first?["content"] as? String == "line one\n  line two\n")
        #expect(messages.count == 2)
    }

    /// Text before a block is the message's first line; an empty block adds nothing.
    @Test func textBeforeABlockAndAnEmptyBlockMakeTheMessagesExpected() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let script = "explain this \"\"\"\nbody\n\"\"\"\nalone \"\"\"\n\"\"\"\n"
        let result = try await env.runLyra(stdin: script, extraEnvironment: backend.lyraEnvironment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try await backend.control.sentChatMessages() == ["explain this\nbody", "alone"])
    }

    @Test func continueAppendsToTheMostRecentSessionAndOtherwiseEachRunStartsANewOne() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        _ = try await env.runLyra(["-c", "first"], extraEnvironment: backend.lyraEnvironment)
        let continued = try await env.runLyra(["--continue", "-c", "second"], extraEnvironment: backend.lyraEnvironment)
        #expect(continued.status == 0)
        let file = try onlySessionFile(env)
        #expect(try storedMessages(file).compactMap { $0["content"] as? String }
            == ["first", demoReply("first"), "second", demoReply("second")])
        _ = try await env.runLyra(["-c", "third"], extraEnvironment: backend.lyraEnvironment)
        #expect(sessionFiles(env).count == 2)
        _ = try await env.runLyra(["--continue", "-c", "fourth"], extraEnvironment: backend.lyraEnvironment)
        #expect(try storedMessages(file).count == 4)
        let newest = try #require(sessionFiles(env).first { $0 != file })
        #expect(try storedMessages(newest).compactMap { $0["content"] as? String }
            == ["third", demoReply("third"), "fourth", demoReply("fourth")])
    }

    @Test func aRunThatSendsNoMessageLeavesNoSessionFile() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let result = try await env.runLyra(["-c", "/sessions", "-c", "/new Later", "-c", "/help"],
                                           extraEnvironment: backend.lyraEnvironment)
        #expect(result.status == 0)
        #expect(sessionFiles(env).isEmpty)
        let continued = try await env.runLyra(["--continue", "-c", "/sessions --json"], extraEnvironment: backend.lyraEnvironment)
        #expect(continued.status == 0)
        #expect(continued.stdout == "[]\n")
    }

    @Test func newWithATitleNamesTheNextSession() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let result = try await env.runLyra(stdin: "/new Trip plans\nwhere to go?\n", extraEnvironment: backend.lyraEnvironment)
        #expect(result.status == 0)
        #expect(try storedSession(try onlySessionFile(env))["title"] as? String == "Trip plans")
    }

    @Test func controlCharactersInARepliedTextNeverReachTheTerminal() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let result = try await env.runLyra(["-c", "title \u{1B}]0;pwned\u{07} bell"], extraEnvironment: backend.lyraEnvironment)
        #expect(result.status == 0)
        #expect(result.stdout == demoReply("title  bell") + "\n")
        let stored = try storedMessages(try onlySessionFile(env))
        #expect(stored.first?["content"] as? String == "title \u{1B}]0;pwned\u{07} bell")
    }

    @Test func noBaseURLAndNoModelExitsTwoWithTheConfigurationMessageAndSavesNothing() async throws {
        let env = try TemporaryEnvironment()
        let result = try await env.runLyra(stdin: "hello\n")
        #expect(result.status == 2)
        // SPEC §8: with no model and no base URL, chat explains how to choose one (and the app backend).
        #expect(result.stderr.hasPrefix("lyra: line 1: no model configured and no model server found on this machine"))
        #expect(result.stderr.contains("LYRA_BASE_URL") && result.stderr.contains("lyra --demo"))
        #expect(sessionFiles(env).isEmpty)
    }

    @Test func aBadSessionReferenceExitsTwoBeforeAnythingRuns() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let result = try await env.runLyra(["--session", "nosuch", "-c", "hello"], extraEnvironment: backend.lyraEnvironment)
        #expect(result.status == 2)
        #expect(result.stderr == "lyra: no session matches 'nosuch' (see /sessions)\n")
        #expect(result.stdout == "")
        #expect(try await backend.control.requests().isEmpty)
    }
}
