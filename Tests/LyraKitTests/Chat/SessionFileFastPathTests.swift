// The fast session-file reader and writer agree with JSONDecoder and OrderedJSON on every input,
// and the store notices a file changed behind the session it remembers.
import Foundation
import Testing
@testable import LyraKit

@Suite struct SessionFileFastPathTests {
    private let date = Date(timeIntervalSince1970: 1_795_946_400.123)

    private func sample(_ contents: [String], role: ChatRole = .user) -> ChatSession {
        let messages = contents.enumerated().map { index, text in
            ChatMessage(id: "m\(index)", role: index % 2 == 0 ? role : .assistant, content: text,
                        createdAt: date + Double(index), failed: index == 0 ? true : nil)
        }
        return ChatSession(id: "S1", title: "Tab\there \"q\" \\ é 日本 👍🏽", chatID: "c1", createdAt: date,
                           messages: messages)
    }

    @Test(arguments: [
        [String](),
        ["plain"],
        ["line one\nline two", "crlf\r\nline", "nul \u{0} bell \u{7} del \u{7F}", "sep \u{2028} \u{2029}"],
        ["emoji 👩‍👩‍👧 and Кириллица", "", "\"quoted\" back\\slash /slash"],
    ])
    func theWriterMatchesTheOrderedJSONRendering(contents: [String]) {
        let session = sample(contents)
        #expect(String(decoding: SessionFileWriter.bytes(of: session), as: UTF8.self)
            == session.orderedJSON.rendered() + "\n")
    }

    @Test(arguments: [
        [String](),
        ["line one\nline two", "crlf\r\nline", "nul \u{0} bell \u{7}", "sep \u{2028}"],
        ["emoji 👩‍👩‍👧 and Кириллица", "", "\"quoted\" back\\slash"],
    ])
    func writtenFilesReadBackAsTheSameSession(contents: [String]) throws {
        let session = sample(contents)
        let data = Data(SessionFileWriter.bytes(of: session))
        let fast = try #require(SessionFileReader.session(from: data))
        #expect(fast == session)
        #expect(fast == (try JSONDecoder().decode(ChatSession.self, from: data)))
    }

    @Test(arguments: [
        #"{"id":"A","title":"t","chatID":"c","createdAt":"2026-01-01T00:00:00Z","messages":[{"id":"1","role":"user","content":"\u00e9\ud83d\ude00\n","createdAt":"2026-01-01T00:00:01.5Z","extra":[1,-2.5e3,{"x":null}]}],"other":true}"#,
        #"{"messages":[{"content":"no id, no role"}]}"#,
        #"  {"id":"B","title":"x","messages":[],"updatedAt":"2026-01-01T10:00:00+02:00"}  "#,
        #"{"id":"C","messages":[{"role":"assistant","content":"hi","failed":true}]}"#,
    ])
    func theFastReaderAgreesWithJSONDecoder(text: String) throws {
        let data = Data(text.utf8)
        let fast = try #require(SessionFileReader.session(from: data))
        var decoded = try JSONDecoder().decode(ChatSession.self, from: data)
        // Defaults made of fresh UUIDs differ between two decodings; everything else must match.
        decoded.chatID = fast.chatID
        for index in decoded.messages.indices where !text.contains("\"id\":\"1\"") {
            decoded.messages[index].id = fast.messages[index].id
        }
        #expect(fast == decoded)
    }

    @Test(arguments: [
        #"{"id":42,"title":"number id"}"#, #"{"id":"A","title":null}"#, #"{"id":"A","id":"B"}"#,
        #"{"id":"A"} trailing"#, #"{"id":"A","messages":[{"content":"x"},]}"#, #"[1,2]"#,
        #"{"id":"A","messages":[{"content":"bad \x escape"}]}"#, #"{"id":"A","n":01}"#,
    ])
    func theFastReaderDeclinesWhatItDoesNotHandle(text: String) {
        #expect(SessionFileReader.session(from: Data(text.utf8)) == nil)
    }

    @Test func aNumberIdStillOpensThroughTheFallback() throws {
        let session = try SessionFileCodec.decode(Data(#"{"id":42,"title":"n"}"#.utf8), fileName: "x.json", path: "x")
        #expect(session.id == "42")
        #expect(session.title == "n")
    }

    @Test func theStoreRereadsASessionFileChangedByAnotherProgram() async throws {
        try await withTemporaryDirectory { root in
            let store = SessionStore(directory: root)
            let saved = try await store.update(sample(["first"])) { $0.title = "Mine" }
            #expect(try await store.load(id: "S1") == saved)
            var foreign = saved
            foreign.title = "Changed elsewhere"
            foreign.messages.append(ChatMessage(id: "x", role: .user, content: "added", createdAt: date))
            try Data(SessionFileWriter.bytes(of: foreign)).write(to: root.appending(path: "S1.json"))
            #expect(try await store.load(id: "S1").title == "Changed elsewhere")
            let updated = try await store.update(saved) { $0.messages.removeAll() }
            #expect(updated.title == "Changed elsewhere")
        }
    }
}
