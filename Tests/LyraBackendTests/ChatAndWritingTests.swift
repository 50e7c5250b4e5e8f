// The chat and writing routes: response shapes, validation, authentication, and the writing rules.

import Foundation
import Testing
@testable import LyraBackend

@Suite struct ChatRouteTests {
    @Test(arguments: ["hello", "line one\nline two", "Привет, мир 👋 你好", String(repeating: "long ", count: 2000)])
    func replyQuotesTheWholeMessageAndKeepsTheChatID(_ message: String) async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let response = try await server.send("POST", "/dola/chats/9f1c-abc/messages", json: ["message": message])
        #expect(response.status == 200)
        #expect(response.object["chat_id"] as? String == "9f1c-abc")
        let reply = try #require(response.object["assistant_message"] as? String)
        #expect(reply.contains("\"\(message)\""))
        #expect(reply.contains("demo backend"))
    }

    @Test func percentEncodedSlashStaysInsideTheChatID() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let response = try await server.send("POST", "/dola/chats/a%2Fb%20c/messages", json: ["message": "x"])
        #expect(response.status == 200 && response.object["chat_id"] as? String == "a/b c")
    }

    @Test func sameMessageGetsTheSameReply() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let first = try await server.send("POST", "/dola/chats/a/messages", json: ["message": "same"])
        let second = try await server.send("POST", "/dola/chats/b/messages", json: ["message": "same"])
        #expect(first.object["assistant_message"] as? String == second.object["assistant_message"] as? String)
    }

    @Test(arguments: [#"{}"#, #"{"message": ""}"#, #"{"message": "  \n "}"#, #"{"message": 5}"#, "not json", ""])
    func badBodiesGet422WithDetail(_ body: String) async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let response = try await server.send(
            "POST", "/dola/chats/c/messages", body: Data(body.utf8), headers: ["Content-Type": "application/json"])
        #expect(response.status == 422)
        #expect(response.detail?.isEmpty == false)
    }

    @Test(arguments: ["?app_id=a", "?user_id=u", ""])
    func missingUserOrAppIDGets400NamingIt(_ query: String) async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let response = try await server.send(
            "POST", "/dola/chats/c/messages\(query)", appQuery: false, json: ["message": "hi"])
        #expect(response.status == 400)
        let detail = try #require(response.detail)
        #expect(detail.contains("user_id") || detail.contains("app_id"))
    }

    @Test func requiredTokenIsEnforced() async throws {
        let server = try RunningBackend(LocalBackendOptions(requiredToken: "s3cret"))
        defer { server.stop() }
        let missing = try await server.send("POST", "/dola/chats/c/messages", json: ["message": "x"])
        let wrong = try await server.send(
            "POST", "/dola/chats/c/messages", json: ["message": "x"], headers: ["Authorization": "Bearer nope"])
        let right = try await server.send(
            "POST", "/dola/chats/c/messages", json: ["message": "x"], headers: ["Authorization": "Bearer s3cret"])
        #expect(missing.status == 401 && wrong.status == 401 && right.status == 200)
        #expect(missing.detail?.isEmpty == false)
    }

    @Test func unknownRouteAndWrongMethod() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let unknown = try await server.send("GET", "/nope")
        #expect(unknown.status == 404 && unknown.detail == "Not Found")
        let wrongMethod = try await server.send("GET", "/dola/chats/c/messages")
        #expect(wrongMethod.status == 405 && wrongMethod.headers["allow"] == "POST")
    }
}

@Suite struct WritingRouteTests {
    @Test(arguments: [
        (#""improve": true"#, "i think  the the   cat is here", "I think the cat is here."),
        (#""fix_grammar": true, "improve": false"#, "hello\tworld.  this is  i", "Hello world. This is I."),
        (#""rewrite": true, "translate_to": null"#, "i can't go in order to rest", "I cannot go to rest."),
        (#""shorten": true"#, "first one. second one! third?", "First one."),
        (#""translate_to": "de""#, "good morning", "[de] Good morning."),
        (#""style": "formal""#, "hey there", "[formal] Hey there."),
    ])
    func eachModeAnswersItsEdit(_ modeFields: String, _ text: String, _ expected: String) async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let textJSON = String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
        let body = "{\(modeFields), \"text\": \(textJSON)}"
        let response = try await server.send(
            "POST", "/ai-writing", body: Data(body.utf8), headers: ["Content-Type": "application/json"])
        #expect(response.status == 200)
        #expect(response.object["result_text"] as? String == expected)
    }

    @Test(arguments: [
        #"{"text": "x"}"#,
        #"{"text": "x", "improve": true, "shorten": true}"#,
        #"{"text": "x", "improve": false, "translate_to": null, "style": ""}"#,
        #"{"text": "x", "improve": true, "style": "casual"}"#,
        #"{"text": "", "improve": true}"#,
        #"{"improve": true}"#,
        #"{"text": "x", "improve": "yes"}"#,
        #"["text"]"#,
    ])
    func notExactlyOneModeOrBadTextGets422(_ body: String) async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let response = try await server.send(
            "POST", "/ai-writing", body: Data(body.utf8), headers: ["Content-Type": "application/json"])
        #expect(response.status == 422)
        #expect(response.detail?.isEmpty == false)
    }
}

@Suite struct WritingRulesTests {
    @Test(arguments: [
        ("  many   spaces\tand\t\ttabs  ", "Many spaces and tabs."),
        ("keep\nnew lines", "Keep\nNew lines."),
        ("The the cat sat on on the mat", "The cat sat on the mat."),
        ("the the. the end", "The. The end."),
        ("that that that one", "That one."),
        ("i think i'm right, i.e. fine", "I think I'm right, i.e. fine."),
        ("pi is not i", "Pi is not I."),
        ("what? yes! ok… fine", "What? Yes! Ok… Fine."),
        ("ends with a question?", "Ends with a question?"),
        ("привет  привет мир. как дела", "Привет мир. Как дела."),
        ("你好世界", "你好世界。"),
        ("party time 🎉", "Party time 🎉"),
        ("version 3.14 is out", "Version 3.14 is out."),
        ("\"quoted start. next", "\"Quoted start. Next."),
    ])
    func improveAppliesEveryRule(_ input: String, _ expected: String) {
        #expect(WritingEditor.edit(input, mode: .improve) == expected)
    }

    @Test(arguments: [
        ("one. two. three.", "One."),
        ("no terminator here", "No terminator here."),
        ("first line\nsecond line.", "First line."),
        ("He said \"hi.\" Then left.", "He said \"hi.\""),
        ("第一句。第二句。", "第一句。"),
        ("see e.g. this one. not this", "See e.g. this one."),
    ])
    func shortenKeepsTheFirstSentence(_ input: String, _ expected: String) {
        #expect(WritingEditor.edit(input, mode: .shorten) == expected)
    }

    @Test(arguments: [
        ("don't stop, it's fine", "Do not stop, it is fine."),
        ("We're able to help due to the fact that we care", "We can help because we care."),
        ("e.g. this works. i.e. so", "E.g. this works. I.e. so."),
        ("they won't, i'm sure; we'll see", "They will not, I am sure; we will see."),
    ])
    func rewriteExpandsContractionsAndWordyPhrases(_ input: String, _ expected: String) {
        #expect(WritingEditor.edit(input, mode: .rewrite) == expected)
    }
}
