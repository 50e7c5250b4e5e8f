// The OpenAI-compatible DTOs against real-shaped samples: llama-cpp-python's `", "` stream events,
// the C++ llama-server's compact events with `timings` and the usage event, non-stream answers,
// model lists of OpenAI and Ollama, and every error-body shape.
import Foundation
import LyraTestSupport
import Testing
@testable import LyraKit

private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try JSONDecoder().decode(type, from: Data(json.utf8))
}

/// The chunks of a fixture stream, `[DONE]` left out.
private func chunks(ofFixture name: String) throws -> [OpenAIChatChunkDTO] {
    var parser = ServerSentEventParser()
    let events = try parser.feed(Fixtures.data(name)) + parser.finish()
    return try events.filter { $0.data != "[DONE]" }.map { try decode(OpenAIChatChunkDTO.self, $0.data) }
}

@Suite struct OpenAIDTOTests {
    @Test func requestCarriesModelMessagesStreamAndUsageOption() throws {
        let request = OpenAIChatRequestDTO(model: "tiny", messages: [
            OpenAIChatMessageDTO(role: "system", content: "Be brief."),
            OpenAIChatMessageDTO(role: "user", content: "Hi"),
        ])
        let object = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(request)) as? NSDictionary)
        #expect(object == [
            "model": "tiny",
            "messages": [["role": "system", "content": "Be brief."], ["role": "user", "content": "Hi"]],
            "stream": true,
            "stream_options": ["include_usage": true],
        ])
        let plain = OpenAIChatRequestDTO(model: "m", messages: [], stream: false)
        let plainObject = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(plain)) as? NSDictionary)
        #expect(plainObject == ["model": "m", "messages": [], "stream": false])
        #expect(try decode(OpenAIChatRequestDTO.self, String(decoding: JSONEncoder().encode(request), as: UTF8.self)) == request)
    }

    @Test func llamaCppPythonStreamDecodes() throws {
        let events = try chunks(ofFixture: "openai/llama-cpp-python-stream.txt")
        #expect(events.first == OpenAIChatChunkDTO(model: "tiny", role: "assistant"))
        #expect(events.compactMap(\.content).joined() == "Hello! I am tiny été 🙂")
        #expect(events.last?.finishReason == "stop")
        #expect(events.allSatisfy { $0.usage == nil && $0.error == nil })
    }

    @Test func llamaServerStreamDecodesWithNullContentTimingsAndUsage() throws {
        let events = try chunks(ofFixture: "openai/llama-server-stream.txt")
        #expect(events.first?.role == "assistant")
        #expect(events.first?.content == nil)
        #expect(events.compactMap(\.content).joined() == "Hello world.")
        #expect(events.compactMap(\.finishReason) == ["stop"])
        #expect(events.last == OpenAIChatChunkDTO(model: "tiny", usage: OpenAIUsageDTO(promptTokens: 12, completionTokens: 3)))
    }

    @Test func chunkErrorMemberInBothShapes() throws {
        let object = try decode(OpenAIChatChunkDTO.self, #"{"error":{"code":500,"message":"model crashed","type":"server_error"}}"#)
        #expect(object.error == OpenAIErrorBodyDTO(message: "model crashed", type: "server_error", code: "500"))
        let text = try decode(OpenAIChatChunkDTO.self, #"{"error": "out of memory"}"#)
        #expect(text.error?.message == "out of memory")
        let bare = try decode(OpenAIChatChunkDTO.self, #"{"error": {}}"#)
        #expect(bare.error == OpenAIErrorBodyDTO(message: nil))
        #expect(try decode(OpenAIChatChunkDTO.self, #"{"error": null, "choices": []}"#).error == nil)
    }

    @Test func chunkWithOddMembersDecodesWhatItCan() throws {
        let odd = try decode(OpenAIChatChunkDTO.self, #"{"model": 5, "choices": [{"delta": {"content": 7}, "finish_reason": "length"}], "usage": "n/a"}"#)
        #expect(odd == OpenAIChatChunkDTO(finishReason: "length"))
        #expect(try decode(OpenAIChatChunkDTO.self, #"{"choices": [null]}"#) == OpenAIChatChunkDTO())
        #expect(throws: DecodingError.self) { try decode(OpenAIChatChunkDTO.self, "[1, 2]") }
    }

    @Test func nonStreamCompletionDecodes() throws {
        let completion = try JSONDecoder().decode(OpenAIChatCompletionDTO.self, from: Fixtures.data("openai/completion.json"))
        #expect(completion == OpenAIChatCompletionDTO(
            model: "tiny", content: "Hello world.", finishReason: "length",
            usage: OpenAIUsageDTO(promptTokens: 12, completionTokens: 3)))
        let nullContent = try decode(OpenAIChatCompletionDTO.self, #"{"choices": [{"message": {"role": "assistant", "content": null}}]}"#)
        #expect(nullContent == OpenAIChatCompletionDTO(content: nil))
    }

    @Test func modelListsOfOpenAIAndOllama() throws {
        let openAI = try JSONDecoder().decode(OpenAIModelListDTO.self, from: Fixtures.data("openai/models-openai.json"))
        #expect(openAI.ids == ["tiny", "gpt-4o-mini"])
        let ollama = try JSONDecoder().decode(OpenAIModelListDTO.self, from: Fixtures.data("openai/models-ollama.json"))
        #expect(ollama.ids == ["llama3.2:latest", "qwen2.5-coder:7b"])
        let messy = try decode(OpenAIModelListDTO.self, #"{"data": [{"id": "a"}, {"id": ""}, "b", {"id": "a"}, {"x": 1}, {"id": "c"}]}"#)
        #expect(messy.ids == ["a", "c"])
        #expect(try decode(OpenAIModelListDTO.self, #"{"object": "list"}"#).ids == [])
    }

    @Test func errorBodiesOfEveryShapeGiveTheirMessage() {
        let samples: [(String, String?)] = [
            (#"{"error":{"message":"The model 'x' does not exist","type":"invalid_request_error","code":"model_not_found"}}"#,
             "The model 'x' does not exist"),
            (#"{"error":"model \"llama9\" not found, try pulling it first"}"#, "model \"llama9\" not found, try pulling it first"),
            (#"{"detail": "Invalid API key"}"#, "Invalid API key"),
            (#"{"detail": [{"loc": ["body"], "msg": "field required"}]}"#, "field required"),
            (#"{"message": "  rate limited  "}"#, "rate limited"),
            (#"{"error": {"type": "x"}, "message": "fallback"}"#, "fallback"),
            (#"{"error": {"message": ""}}"#, nil),
            (#"{"ok": true}"#, nil),
            ("not json", nil),
            ("", nil),
        ]
        for (body, expected) in samples {
            #expect(OpenAIErrorBodyDTO.message(from: Data(body.utf8)) == expected, "\(body)")
        }
    }

    @Test func errorBodyKeepsTypeAndCode() throws {
        let body = try decode(OpenAIErrorBodyDTO.self, #"{"error":{"message":"too long","type":"invalid_request_error","code":"context_length_exceeded"}}"#)
        #expect(body == OpenAIErrorBodyDTO(message: "too long", type: "invalid_request_error", code: "context_length_exceeded"))
        #expect(try decode(OpenAIErrorBodyDTO.self, #"{"detail": "x"}"#).hasErrorMember == false)
        let long = try decode(OpenAIErrorBodyDTO.self, "{\"error\": \"\(String(repeating: "e", count: 2000))\"}")
        #expect(long.message?.count == 500)
    }
}
