// What a streamed OpenAI-style reply turns into (SPEC §8 "Streaming"): padded, escaped and oddly
// split events read as their text, invalid UTF-8 repaired, and error or broken events fail the turn.
import Foundation
import LyraTestSupport
import Testing
@testable import LyraKit

@Suite struct OpenAIStreamReaderTests {
    /// The events of `bytes` fed at once, then the end of the stream.
    private static func events(_ bytes: [UInt8]) throws -> [ChatStreamEvent] {
        var reader = OpenAIStreamReader()
        return try reader.feed(bytes) + reader.finish()
    }

    @Test func paddedEscapedAndInvalidUTF8EventsReadAsTheirText() throws {
        var reader = OpenAIStreamReader()
        let stream = "data: {\"choices\":[{\"delta\":{\"\\u0063ontent\":\"esc\"}}]}\n\n"
            + "data: \u{A0}{\"choices\":[{\"delta\":{\"content\":\"nb\"}}]}\u{A0}\n\n"
            + "data: \t{\"choices\":[{\"delta\":{\"content\":\"tab\"}}],\"model\":\"m\"} \n\n"
            + "data: {\"choices\":[{\"delta\":{\"content\":\"a"
        let events = try reader.feed(Array(stream.utf8) + [0xFF] + Array("b\"}}]}\n\ndata:  [DONE]\u{A0}\n\n".utf8))
        #expect(events == [.text("esc"), .text("nb"), .text("tab"), .text("a\u{FFFD}b"),
                           .finished(ChatCompletionInfo(model: "m"))])
        #expect(reader.isDone)
    }

    @Test func escapesDecodeToTheirCharacters() throws {
        let event = #"data: {"choices":[{"delta":{"content":"a\"b\\c\/d\te\u00e9\ud83d\ude42\n"}}]}"#
        let events = try Self.events(Array((event + "\n\ndata: [DONE]\n\n").utf8))
        #expect(events == [.text("a\"b\\c/d\teé🙂\n"), .finished(ChatCompletionInfo())])
    }

    @Test func invalidUTF8InAnotherMemberLeavesTheTextAlone() throws {
        let bytes = Array(#"data: {"id":"x"#.utf8) + [0xFF]
            + Array("\",\"choices\":[{\"delta\":{\"content\":\"ok\"}}]}\n\ndata: [DONE]\n\n".utf8)
        #expect(try Self.events(bytes) == [.text("ok"), .finished(ChatCompletionInfo())])
    }

    @Test func aStreamFedOneByteAtATimeGivesTheSameEvents() throws {
        let bytes = Array(try Fixtures.data("openai/llama-cpp-python-stream.txt"))
        var reader = OpenAIStreamReader()
        var pieces: [ChatStreamEvent] = []
        for byte in bytes { pieces += try reader.feed([byte]) }
        pieces += try reader.finish()
        #expect(pieces == (try Self.events(bytes)))
        #expect(pieces.compactMap { if case .text(let text) = $0 { text } else { nil } }.joined()
                == "Hello! I am tiny été 🙂")
    }

    @Test func nothingCountsAfterDone() throws {
        let stream = "data: {\"choices\":[{\"delta\":{\"content\":\"a\"}}]}\n\ndata: [DONE]\n\n"
            + "data: {\"choices\":[{\"delta\":{\"content\":\"late\"}}]}\n\ndata: {\"error\":\"late\"}\n\n"
        #expect(try Self.events(Array(stream.utf8)) == [.text("a"), .finished(ChatCompletionInfo())])
    }

    @Test func errorAndBrokenEventsFailTheStream() {
        var failing = OpenAIStreamReader()
        #expect(throws: ProviderError.streamError(message: "boom")) {
            try failing.feed(Array("data: {\"error\": {\"message\": \"boom\"}}\n\n".utf8))
        }
        var bare = OpenAIStreamReader()
        #expect(throws: ProviderError.streamError(message: "unknown error")) {
            try bare.feed(Array("data: {\"error\": {}}\n\n".utf8))
        }
        var broken = OpenAIStreamReader()
        #expect(throws: ProviderError.invalidResponse("a stream event is not a chat completion chunk")) {
            try broken.feed(Array("data: {\"choices\": [}\n\n".utf8))
        }
    }
}
