// The one session file reader: any valid JSON layout, defaults for missing members, members Lyra
// does not know kept on rewrite (checked with JSONSerialization), and a clear reason for damage.
import Foundation
import Testing
@testable import LyraKit

@Suite struct SessionFileReaderTests {
    private func read(_ text: String) throws -> ChatSession {
        try SessionFileReader.session(from: Data(text.utf8))
    }

    /// The damage reason for `text`, or nil when it reads.
    private func reason(for text: String) -> String? { reason(for: Data(text.utf8)) }

    private func reason(for data: Data) -> String? {
        do throws(JSONScanFailure) { _ = try SessionFileReader.session(from: data); return nil } catch { return error.reason }
    }

    @Test func readsAnyLayoutOrderAndEscapes() throws {
        let text = """
            {"messages":[{"createdAt":"2026-01-01T00:00:01.5Z","content":"\\u00e9\\ud83d\\ude00\\n\\/","role":"user",
            "id":7,"failed":true}] ,  "chatID" : 42, "title":"t\\"q", "id":"A",
            "createdAt":"2026-01-01T02:00:00+02:00","number":5,"system":null}
            """
        let session = try read(text)
        #expect(session.id == "A")
        #expect(session.title == "t\"q")
        #expect(session.chatID == "42")
        #expect(session.number == 5)
        #expect(session.system == nil)
        #expect(session.createdAt == Date(timeIntervalSince1970: 1_767_225_600))
        #expect(session.updatedAt == session.messages.last?.createdAt)
        let message = try #require(session.messages.first)
        #expect(message.id == "7")
        #expect(message.content == "é😀\n/")
        #expect(message.failed == true)
        #expect(message.createdAt == Date(timeIntervalSince1970: 1_767_225_601.5))
    }

    @Test func missingMembersGetTheirDefaults() throws {
        let session = try read(#"{"messages":[{"content":"no id, no role"},{"role":"assistant","failed":true}]}"#)
        #expect(session.id.isEmpty)
        #expect(session.title.isEmpty)
        #expect(UUID(uuidString: session.chatID) != nil)
        #expect(session.createdAt == Date(timeIntervalSince1970: 0))
        #expect(session.messages[0].role == .user)
        #expect(session.messages[0].failed == false)
        #expect(UUID(uuidString: session.messages[0].id) != nil)
        #expect(session.messages[1].failed == nil)
        #expect(session.messages[1].content.isEmpty)
    }

    @Test func membersLyraDoesNotKnowAreKeptWhenTheFileIsRewritten() throws {
        let text = """
            {"id":"K","chatID":"c","extra":{"nested":[1,-2.5e3,{"x":null}],"s":"é"},"title":"t","messages":[
             {"id":"1","role":"assistant","content":"hi","mood":"ok","usage":{"promptTokens":1,"cached":9},"n":1e2}],
             "last":true}
            """
        let rewritten = Data(SessionFileWriter.bytes(of: try read(text)))
        let before = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary)
        let after = try #require(try JSONSerialization.jsonObject(with: rewritten) as? NSDictionary)
        for key in ["extra", "last"] { #expect(after[key] as? NSObject == before[key] as? NSObject, "\(key)") }
        let oldMessage = try #require((before["messages"] as? [NSDictionary])?.first)
        let newMessage = try #require((after["messages"] as? [NSDictionary])?.first)
        for key in ["mood", "n"] { #expect(newMessage[key] as? NSObject == oldMessage[key] as? NSObject, "\(key)") }
        #expect((newMessage["usage"] as? NSDictionary)?["promptTokens"] as? Int == 1)
        #expect(try SessionFileReader.session(from: rewritten) == (try read(text)))
    }

    @Test(arguments: [
        (#"{"id":"A"} trailing"#, "not valid JSON at byte 11"),
        (#"{"id":"A","messages":[{"content":"x"},]}"#, "unexpected value at messages[1]"),
        (#"[1,2]"#, "not a session object"),
        (#"{"id":"A","messages":[{"content":"bad \x escape"}]}"#, "not valid JSON"),
        (#"{"id":"A","n":01}"#, "not valid JSON"),
        (#"{"id":"A","title":5}"#, "unexpected value at title"),
        (#"{"messages":[{"role":"user"},{"content":["x"]}]}"#, "unexpected value at messages[1].content"),
        (#"{"messages":{}}"#, "unexpected value at messages"),
        (#"{"number":1.5}"#, "unexpected value at number"),
        (#"{"messages":[{"usage":{"promptTokens":"3"}}]}"#, "unexpected value at messages[0].usage.promptTokens"),
    ])
    func damageIsReportedWithAReason(text: String, reason: String) {
        #expect(self.reason(for: text)?.hasPrefix(reason) == true, "\(self.reason(for: text) ?? "read")")
    }

    @Test func deepNestingIsDamageNotACrash() throws {
        for opening in ["[", "{\"a\":"] {
            let deep = #"{"id":"D","x":"# + String(repeating: opening, count: 400_000)
            #expect(reason(for: deep) == "nested deeper than \(JSONScanner.maximumDepth) levels")
        }
        #expect(reason(for: String(repeating: "[", count: 400_000)) == "not a session object")
        let nested = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect(try read(#"{"x":"# + nested + "}").unknownMembers.first?.json == nested)
    }

    @Test func invalidUTF8IsDamage() {
        var bytes = Array(#"{"id":"U","title":"ok","messages":[{"content":"caf"#.utf8)
        bytes += [0xC3, 0x28] + Array(#""}]}"#.utf8)
        #expect(reason(for: Data(bytes))?.hasPrefix("invalid UTF-8") == true)
        let escaped = Array(#"{"id":"U","title":"a\n"#.utf8) + [0xFF] + Array(#""}"#.utf8)
        #expect(reason(for: Data(escaped))?.hasPrefix("invalid UTF-8") == true)
    }
}
