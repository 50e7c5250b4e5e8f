// The body of a chat request with a long history (issue 34): written from the session's messages
// while it is sent (a generated part, not one buffer), it reads back — in buffers of any size — as
// exactly the messages the history holds, with the length it announced; each message is the JSON
// `encode(to:)` describes.
import Foundation
import LyraTestSupport
import Testing
@testable import LyraKit

@Suite struct LongHistoryBodyTests {
    private let provider = OpenAIChatProvider(definition: ProviderDefinition(
        name: "work", kind: .openai, baseURL: URL(string: "http://127.0.0.1:9/v1/"), apiKey: nil,
        apiKeyVariable: "LYRA_API_KEY_WORK"))

    /// `count` messages alternating user/assistant, with text that needs escaping here and there,
    /// tool rounds now and then.
    private func history(_ count: Int) -> [ChatMessage] {
        let texts = ["Question about \"quotes\" and a back\\slash", "line one\nline two\ttab", "été 🙂 ünïcödé",
                     "separators \u{2028} and \u{2029}, control \u{01} and DEL \u{7F}", String(repeating: "long ", count: 100)]
        return (0..<count).map { index in
            let role: ChatRole = index % 2 == 0 ? .user : .assistant
            var message = ChatMessage(id: "m\(index)", role: role, content: "\(index): " + texts[index % texts.count],
                                      createdAt: Date(timeIntervalSince1970: 1_767_225_600))
            if index % 997 == 1 {
                message.toolCalls = [ToolCall(id: "call-\(index)", name: "time__now", arguments: #"{"zone":"UTC"}"#)]
            }
            return message
        }
    }

    @Test func aLongHistoryIsStreamedAndReadsBackAsTheSessionsMessages() throws {
        // A part of a session's array (as a history with a message limit is), not starting at 0.
        let messages = history(12_001).dropFirst()
        let request = ChatProviderRequest(model: "m", system: "Be brief.", history: messages,
                                          message: "one more question", conversationID: "c")
        let http = try provider.chatRequest(for: request)
        guard case let .parts(parts) = http.body else {
            Issue.record("a body over 1 MiB is sent from parts, not one buffer")
            return
        }
        #expect(parts.contains { if case .generated = $0 { true } else { false } })
        for bufferSize in [7, 65_536] {
            let bytes = try readWhole(http.body, bufferSize: bufferSize)
            #expect(Int64(bytes.count) == (try http.body.length()))
            let json = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
            #expect(json["model"] as? String == "m" && json["stream"] as? Bool == true)
            let sent = try #require(json["messages"] as? [[String: Any]])
            #expect(sent.count == messages.count + 2)
            #expect(sent.first?["content"] as? String == "Be brief." && sent.first?["role"] as? String == "system")
            #expect(sent.last?["content"] as? String == "one more question")
            let middle = sent.dropFirst().dropLast()
            #expect(middle.map { $0["content"] as? String } == messages.map(\.content))
            #expect(middle.map { $0["role"] as? String } == messages.map(\.role.rawValue))
            let calls = middle.compactMap { $0["tool_calls"] as? [[String: Any]] }
            #expect(calls.count == messages.filter { $0.toolCalls != nil }.count)
            #expect((calls.first?.first?["function"] as? [String: Any])?["arguments"] as? String == #"{"zone":"UTC"}"#)
        }
    }

    @Test func aShortHistoryIsOneBufferWithTheSameMessages() throws {
        let messages = history(9)[...]
        let http = try provider.chatRequest(for: ChatProviderRequest(model: "m", system: nil, history: messages,
                                                                     message: "next", conversationID: "c"))
        guard case let .bytes(data) = http.body else {
            Issue.record("a small body is one buffer")
            return
        }
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let sent = try #require(json["messages"] as? [[String: Any]])
        #expect(sent.map { $0["content"] as? String } == messages.map(\.content) + ["next"])
    }

    @Test func eachMessageIsTheJSONItsEncoderDescribes() throws {
        var withImages = OpenAIChatMessageDTO(role: "user", content: "look \"here\"")
        withImages.imageURLs = ["data:image/png;base64,AAAA", "data:image/jpeg;base64,BBBB"]
        var imagesOnly = OpenAIChatMessageDTO(role: "user", content: nil)
        imagesOnly.imageURLs = ["data:image/png;base64,CCCC"]
        let samples = [
            OpenAIChatMessageDTO(role: "user", content: "plain"),
            OpenAIChatMessageDTO(role: "assistant", content: nil),
            OpenAIChatMessageDTO(role: "assistant", content: "", toolCalls: [
                OpenAIToolCallDTO(id: "a", name: "x__y", arguments: "{}"), OpenAIToolCallDTO(id: nil, name: nil, arguments: nil),
            ]),
            OpenAIChatMessageDTO(role: "tool", content: "12:00 \u{2028}", toolCallID: "a"),
            withImages, imagesOnly,
        ]
        for sample in samples {
            var written: [UInt8] = []
            sample.appendJSON(to: &written)
            let ours = try JSONSerialization.jsonObject(with: Data(written)) as? NSDictionary
            let encoders = try JSONSerialization.jsonObject(with: JSONEncoder().encode(sample)) as? NSDictionary
            #expect(ours != nil && ours == encoders, "\(String(decoding: written, as: UTF8.self))")
        }
    }

    @Test func aGeneratedBodyAnnouncesTheLengthItSends() throws {
        let pieces = ["", "a", String(repeating: "b", count: 70_000), "", "ç"]
        let body = HTTPGeneratedBody(pieceCount: pieces.count) { index, output in output.append(contentsOf: pieces[index].utf8) }
        let expected = Data(pieces.joined().utf8)
        #expect(body.length == Int64(expected.count))
        for bufferSize in [1, 4096, 1 << 20] {
            #expect(try readWhole(.parts([.bytes(Data("[".utf8)), .generated(body), .bytes(Data("]".utf8))]), bufferSize: bufferSize)
                == Data("[".utf8) + expected + Data("]".utf8))
        }
    }
}
