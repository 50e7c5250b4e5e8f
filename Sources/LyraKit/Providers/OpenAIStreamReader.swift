// Turns the bytes of an OpenAI-style streamed reply into chat events (SPEC §8 "Streaming"):
// Server-Sent Events in, text pieces out; `finish_reason`, `usage` and `model` kept for the end;
// an `error` event fails the turn; `[DONE]` completes it.
import Foundation

/// Reads one streamed chat completion.
struct OpenAIStreamReader {
    private var parser = ServerSentEventParser()
    private var completion = ChatCompletionInfo()
    /// One decoder for the whole stream: it holds no state between events.
    private let decoder = JSONDecoder()
    /// Whether `[DONE]` arrived.
    private(set) var isDone = false
    /// Whether any event arrived.
    private var sawEvent = false

    /// The events in `bytes` (a chunk as it arrived); `.finished` once `[DONE]` is seen.
    /// - Throws: `ProviderError.streamError` for an error event, `.invalidResponse` for an event that
    ///   is not a chunk, or the parser's error for an oversized event.
    mutating func feed(_ bytes: [UInt8]) throws -> [ChatStreamEvent] {
        guard !isDone else { return [] }
        return try handle(parser.feed(bytes))
    }

    /// The events of a last event not followed by a blank line.
    /// - Throws: as `feed`, and `ProviderError.streamCutOff` when the stream ended without `[DONE]`.
    mutating func finish() throws -> [ChatStreamEvent] {
        guard !isDone else { return [] }
        let events = try handle(parser.finish())
        guard isDone else {
            if !sawEvent { throw ProviderError.emptyStream }
            throw ProviderError.streamCutOff(reason: "the stream ended without [DONE]")
        }
        return events
    }

    /// Each event's data, trimmed (the parser has already repaired invalid UTF-8): `[DONE]`,
    /// nothing, or a chunk.
    private mutating func handle(_ events: [ServerSentEvent]) throws -> [ChatStreamEvent] {
        var result: [ChatStreamEvent] = []
        if !events.isEmpty { sawEvent = true }
        for event in events where !isDone {
            let data = event.data.trimmingCharacters(in: .whitespaces)
            if data == "[DONE]" {
                isDone = true
                result.append(.finished(completion))
            } else if !data.isEmpty {
                try apply(decode(data), into: &result)
            }
        }
        return result
    }

    private mutating func apply(_ chunk: OpenAIChatChunkDTO, into events: inout [ChatStreamEvent]) throws {
        if let error = chunk.error {
            throw ProviderError.streamError(message: error.message ?? "unknown error")
        }
        if let reasoning = chunk.reasoning, !reasoning.isEmpty { events.append(.reasoning(reasoning)) }
        if let content = chunk.content, !content.isEmpty { events.append(.text(content)) }
        if let reason = chunk.finishReason { completion.finishReason = reason }
        if let model = chunk.model, !model.isEmpty { completion.model = model }
        if let usage = chunk.usage {
            completion.usage = TokenUsage(promptTokens: usage.promptTokens, completionTokens: usage.completionTokens,
                                          reasoningTokens: usage.reasoningTokens)
        }
    }

    private func decode(_ data: String) throws -> OpenAIChatChunkDTO {
        do {
            return try decoder.decode(OpenAIChatChunkDTO.self, from: Data(data.utf8))
        } catch {
            throw ProviderError.invalidResponse("a stream event is not a chat completion chunk")
        }
    }

    /// The events of a whole (non-streamed) chat completion body.
    /// - Throws: `ProviderError.invalidResponse` when the body is not a chat completion.
    static func events(fromCompletion body: Data) throws -> [ChatStreamEvent] {
        let completion: OpenAIChatCompletionDTO
        do {
            completion = try JSONDecoder().decode(OpenAIChatCompletionDTO.self, from: body)
        } catch {
            throw ProviderError.invalidResponse("the answer is neither a stream nor a chat completion")
        }
        let usage = completion.usage.map {
            TokenUsage(promptTokens: $0.promptTokens, completionTokens: $0.completionTokens, reasoningTokens: $0.reasoningTokens)
        }
        var events: [ChatStreamEvent] = []
        if let reasoning = completion.reasoning, !reasoning.isEmpty { events.append(.reasoning(reasoning)) }
        if let content = completion.content, !content.isEmpty { events.append(.text(content)) }
        events.append(.finished(ChatCompletionInfo(finishReason: completion.finishReason, model: completion.model,
                                                   usage: usage)))
        return events
    }
}
