// The byte-level stream-chunk reader against JSONDecoder: every shape it reads gives the decoder's
// result, every shape it is unsure of is left to the decoder (nil), and the stream reader's
// fallback still reads those shapes as before.
import Foundation
import LyraTestSupport
import Testing
@testable import LyraKit

/// The chunk `bytes` scan to, nil when the scanner leaves them to `JSONDecoder`.
func scanChunk(_ bytes: [UInt8]) -> OpenAIChatChunkDTO? {
    bytes.withUnsafeBufferPointer { OpenAIChatChunkDTO(scanning: $0) }
}

/// What the stream reader decoded before the byte scanner: text with invalid UTF-8 repaired, then JSONDecoder.
func decodeChunkAsText(_ bytes: [UInt8]) throws -> OpenAIChatChunkDTO {
    try JSONDecoder().decode(OpenAIChatChunkDTO.self, from: Data(String(decoding: bytes, as: UTF8.self).utf8))
}

@Suite struct OpenAIChunkScanningTests {
    static let readable = [
        #"{"id":"c","object":"chat.completion.chunk","created":1,"model":"tiny","choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null}]}"#,
        #"{"choices":[{"delta":{"content":"Hel"},"index":0}]}"#,
        #" { "choices" : [ { "delta" : { "content" : "lo, мир 🙂" } , "index" : 0 } ] } "#,
        #"{"choices":[{"delta":{},"finish_reason":"length","index":0}]}"#,
        #"{"choices":[],"usage":{"prompt_tokens":9,"completion_tokens":4,"total_tokens":13}}"#,
        #"{"choices":[{"delta":{"content":null,"role":null},"finish_reason":"stop","logprobs":{"content":[{"t":[1.5e-3,-2E+2,0,true,false,null]}]}}]}"#,
        #"{"model": 5, "choices": [{"delta": {"content": 7}, "finish_reason": "length"}], "usage": "n/a"}"#,
        #"{"choices": [null, {"delta": {"content": "second"}}]}"#,
        #"{"choices": "none", "usage": null, "error": null, "model": null}"#,
        #"{"choices": [{"delta": "x", "finish_reason": 3}], "usage": {"prompt_tokens": "9", "completion_tokens": null}}"#,
        #"{"usage": {}, "choices": [{"delta": [1, {"a": []}]}]}"#,
        #"{}"#,
        #"{"choices":[{"delta":{"content":"tab\there \u00e9\u00E9 \ud83d\ude42 \"q\" \\ \/ \b\f\n\r \u0000"}}]}"#,
    ]

    @Test func everyReadableShapeScansAsJSONDecoderDecodesIt() throws {
        for text in Self.readable {
            let bytes = Array(text.utf8)
            let scanned = try #require(scanChunk(bytes), "left to JSONDecoder: \(text)")
            #expect(scanned == (try decodeChunkAsText(bytes)), "\(text)")
        }
    }

    @Test func fixtureStreamsScanLikeJSONDecoder() throws {
        for name in ["openai/llama-cpp-python-stream.txt", "openai/llama-server-stream.txt"] {
            var parser = ServerSentEventParser()
            let events = try parser.feed(Fixtures.data(name)) + parser.finish()
            let chunks = events.map(\.data).filter { $0 != "[DONE]" }
            #expect(chunks.count > 3)
            for data in chunks {
                let bytes = Array(data.utf8)
                #expect(scanChunk(bytes) == (try decodeChunkAsText(bytes)), "\(name): \(data)")
            }
        }
    }

    @Test func escapesDecodeToTheirCharacters() throws {
        let text = #"{"choices":[{"delta":{"content":"a\"b\\c\/d\te\u00e9\ud83d\ude42\n"}}]}"#
        #expect(scanChunk(Array(text.utf8))?.content == "a\"b\\c/d\teé🙂\n")
    }

    static let unsure: [[UInt8]] = [
        #"{"error":{"message":"boom"}}"#, #"{"error":"boom"}"#,
        #"{"\u006dodel":"x"}"#, #"{"model":"a","model":"b"}"#,
        #"{"choices":[{"delta":{"content":"a","content":"b"}}]}"#,
        #"{"usage":{"prompt_tokens":1.0}}"#, #"{"usage":{"prompt_tokens":-1}}"#, #"{"usage":{"prompt_tokens":1e2}}"#,
        #"{"usage":{"prompt_tokens":12345678901234567890}}"#,
        #"{"choices":[{"delta":{"content":"\ud83d"}}]}"#, #"{"choices":[{"delta":{"content":"\ude42x"}}]}"#,
        #"{"choices":[{"delta":{"content":"\u12"}}]}"#, #"{"choices":[{"delta":{"content":"\x"}}]}"#,
        #"{} x"#, #"{"model":"tiny""#, #"{"a":1,}"#, #"{"a":01}"#, #"{"a":tru}"#, #"{"a":-}"#, #"{"a":1.}"#,
        #"[1, 2]"#, #""text""#, "", "\u{FEFF}{}",
        "{\"choices\":[{\"delta\":{\"content\":\"line\nbreak\"}}]}",
        String(repeating: "[", count: 40) + String(repeating: "]", count: 40),
        #"{"a":"# + String(repeating: "[", count: 40) + String(repeating: "]", count: 40) + "}",
    ].map { Array($0.utf8) } + [
        Array(#"{"choices":[{"delta":{"content":"a"#.utf8) + [0xFF] + Array(#"b"}}]}"#.utf8),
        Array(#"{"model":"ti"#.utf8) + [0xC3] + Array(#""}"#.utf8),
    ]

    @Test func unsureShapesAreLeftToJSONDecoder() {
        for bytes in Self.unsure {
            #expect(scanChunk(bytes) == nil, "\(String(decoding: bytes, as: UTF8.self))")
        }
    }

    @Test func invalidUTF8InSkippedStringsIsReadAsTheDecoderReadsIt() throws {
        let bytes = Array(#"{"id":"x"#.utf8) + [0xFF] + Array(#"","choices":[{"delta":{"content":"ok"}}]}"#.utf8)
        #expect(scanChunk(bytes) == (try decodeChunkAsText(bytes)))
        #expect(scanChunk(bytes)?.content == "ok")
    }

    @Test func theStreamReaderStillReadsShapesLeftToJSONDecoder() throws {
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

    @Test func errorAndBrokenEventsFailTheStream() {
        var failing = OpenAIStreamReader()
        #expect(throws: ProviderError.streamError(message: "boom")) {
            try failing.feed(Array("data: {\"error\": {\"message\": \"boom\"}}\n\n".utf8))
        }
        var broken = OpenAIStreamReader()
        #expect(throws: ProviderError.invalidResponse("a stream event is not a chat completion chunk")) {
            try broken.feed(Array("data: {\"choices\": [}\n\n".utf8))
        }
    }
}
