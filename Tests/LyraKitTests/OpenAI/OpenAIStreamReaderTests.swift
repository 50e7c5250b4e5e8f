// What a streamed OpenAI-style reply turns into (SPEC §8 "Streaming"): padded, escaped and oddly
// split events read as their text; invalid UTF-8, a stream without choices, error or broken events
// fail the turn.
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

    @Test func paddedAndEscapedEventsReadAsTheirText() throws {
        var reader = OpenAIStreamReader()
        let stream = "data: {\"choices\":[{\"delta\":{\"\\u0063ontent\":\"esc\"}}]}\n\n"
            + "data: \u{A0}{\"choices\":[{\"delta\":{\"content\":\"nb\"}}]}\u{A0}\n\n"
            + "data: \t{\"choices\":[{\"delta\":{\"content\":\"tab\"}}],\"model\":\"m\"} \n\n"
            + "data:  [DONE]\u{A0}\n\n"
        let events = try reader.feed(Array(stream.utf8))
        #expect(events == [.text("esc"), .text("nb"), .text("tab"), .finished(ChatCompletionInfo(model: "m"))])
        #expect(reader.isDone)
    }

    @Test func invalidUTF8AnywhereInAnEventFailsTheTurnAfterWhatCameBefore() throws {
        // Issue 33: the stream used to repair it silently while a whole answer was refused; both refuse now.
        var reader = OpenAIStreamReader()
        let good = Array("data: {\"choices\":[{\"delta\":{\"content\":\"before\"}}]}\n\n".utf8)
        #expect(try reader.feed(good) == [.text("before")])
        for bad in [Array("data: {\"choices\":[{\"delta\":{\"content\":\"a".utf8) + [0xFF] + Array("b\"}}]}\n\n".utf8),
                    Array(#"data: {"id":"x"#.utf8) + [0xC3] + Array("\",\"choices\":[{\"delta\":{\"content\":\"ok\"}}]}\n\n".utf8)] {
            var fresh = OpenAIStreamReader()
            #expect(throws: ProviderError.invalidResponse("the server sent text that is not valid UTF-8")) { try fresh.feed(bad) }
        }
        // In one chunk with the text before it, that text is handed out first and the error follows.
        var together = OpenAIStreamReader()
        let bad = Array("data: {\"choices\":[{\"delta\":{\"content\":\"x".utf8) + [0xFF] + Array("\"}}]}\n\n".utf8)
        #expect(try together.feed(good + bad) == [.text("before")])
        #expect(throws: ProviderError.invalidResponse("the server sent text that is not valid UTF-8")) { try together.finish() }
        let whole = Data(#"{"choices":[{"message":{"content":"a"#.utf8) + Data([0xFF]) + Data(#""}}]}"#.utf8)
        #expect(throws: ProviderError.invalidResponse("the server sent text that is not valid UTF-8")) {
            try OpenAIStreamReader.events(fromCompletion: whole)
        }
    }

    @Test func aReplyWithoutChoicesIsAnError() throws {
        let noChoices = ProviderError.invalidResponse("the server sent no choices")
        for body in [#"{"choices": null}"#, #"{"choices": []}"#, #"{"id": "x"}"#] {
            #expect(throws: noChoices) { try OpenAIStreamReader.events(fromCompletion: Data(body.utf8)) }
            #expect(throws: noChoices) { try Self.events(Array("data: \(body)\n\ndata: [DONE]\n\n".utf8)) }
        }
        // The usage event's `choices: []` after real choices is fine.
        let stream = "data: {\"choices\":[{\"delta\":{\"content\":\"\"},\"finish_reason\":\"stop\"}]}\n\n"
            + "data: {\"choices\":[],\"usage\":{\"prompt_tokens\":1,\"completion_tokens\":0}}\n\ndata: [DONE]\n\n"
        #expect(try Self.events(Array(stream.utf8)).count == 1)
    }

    @Test func escapesDecodeToTheirCharacters() throws {
        let event = #"data: {"choices":[{"delta":{"content":"a\"b\\c\/d\te\u00e9\ud83d\ude42\n"}}]}"#
        let events = try Self.events(Array((event + "\n\ndata: [DONE]\n\n").utf8))
        #expect(events == [.text("a\"b\\c/d\teé🙂\n"), .finished(ChatCompletionInfo())])
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
