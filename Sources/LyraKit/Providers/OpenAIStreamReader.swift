// Turns the bytes of an OpenAI-style streamed reply into chat events (SPEC §8 "Streaming"):
// Server-Sent Events in, text pieces out; `finish_reason`, `usage` and `model` kept for the end;
// an `error` event fails the turn; `[DONE]` completes it. Chunks are read from bytes
// (see `OpenAIChatChunkDTO+Bytes`).
import Foundation

/// Reads one streamed chat completion.
struct OpenAIStreamReader {
    private var parser = ServerSentEventParser()
    private var completion = ChatCompletionInfo()
    /// Whether `[DONE]` arrived.
    private(set) var isDone = false
    /// Whether any event arrived.
    private var sawEvent = false

    /// The events in `bytes` (a chunk as it arrived); `.finished` once `[DONE]` is seen.
    /// - Throws: `ProviderError.streamError` for an error event, `.invalidResponse` for an event that
    ///   is not a chunk, or the parser's error for an oversized event.
    mutating func feed(_ bytes: [UInt8]) throws -> [ChatStreamEvent] {
        guard !isDone else { return [] }
        var events: [ChatStreamEvent] = []
        var parser = ServerSentEventParser()   // moved out while its events change the rest of `self`
        swap(&parser, &self.parser)
        defer { swap(&parser, &self.parser) }
        try bytes.withUnsafeBufferPointer { buffer in
            try parser.feed(buffer: buffer) { data, _ in try handle(data, into: &events) }
        }
        return events
    }

    /// The events of a last event not followed by a blank line.
    /// - Throws: as `feed`, and `ProviderError.streamCutOff` when the stream ended without `[DONE]`.
    mutating func finish() throws -> [ChatStreamEvent] {
        guard !isDone else { return [] }
        var events: [ChatStreamEvent] = []
        var parser = ServerSentEventParser()
        swap(&parser, &self.parser)
        defer { swap(&parser, &self.parser) }
        try parser.finish { data, _ in try handle(data, into: &events) }
        guard isDone else {
            if !sawEvent { throw ProviderError.emptyStream }
            throw ProviderError.streamCutOff(reason: "the stream ended without [DONE]")
        }
        return events
    }

    /// One event's data: `[DONE]`, nothing, or a chunk — read from its bytes when it is of a shape
    /// the byte scanner knows, else decoded as before (text, trimmed, `JSONDecoder`).
    private mutating func handle(_ data: UnsafeBufferPointer<UInt8>, into events: inout [ChatStreamEvent]) throws {
        sawEvent = true
        guard !isDone else { return }
        guard let trimmed = Self.trimmingSpaces(data) else {
            return try handle(text: String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespaces),
                              into: &events)
        }
        if trimmed.elementsEqual(Self.done.utf8) {
            finish(into: &events)
        } else if !trimmed.isEmpty {
            try apply(OpenAIChatChunkDTO(scanning: trimmed) ?? Self.decode(String(decoding: trimmed, as: UTF8.self)),
                      into: &events)
        }
    }

    /// One event's data as text, trimmed.
    private mutating func handle(text: String, into events: inout [ChatStreamEvent]) throws {
        if text == Self.done {
            finish(into: &events)
        } else if !text.isEmpty {
            try apply(Self.decode(text), into: &events)
        }
    }

    private mutating func finish(into events: inout [ChatStreamEvent]) {
        isDone = true
        events.append(.finished(completion))
    }

    private mutating func apply(_ chunk: OpenAIChatChunkDTO, into events: inout [ChatStreamEvent]) throws {
        if let error = chunk.error {
            throw ProviderError.streamError(message: error.message ?? "unknown error")
        }
        if let content = chunk.content, !content.isEmpty { events.append(.text(content)) }
        if let reason = chunk.finishReason { completion.finishReason = reason }
        if let model = chunk.model, !model.isEmpty { completion.model = model }
        if let usage = chunk.usage {
            completion.usage = TokenUsage(promptTokens: usage.promptTokens, completionTokens: usage.completionTokens)
        }
    }

    private static func decode(_ text: String) throws -> OpenAIChatChunkDTO {
        do {
            return try JSONDecoder().decode(OpenAIChatChunkDTO.self, from: Data(text.utf8))
        } catch {
            throw ProviderError.invalidResponse("a stream event is not a chat completion chunk")
        }
    }

    /// `data` without leading and trailing spaces and tabs; nil when it then starts or ends with a
    /// non-ASCII byte (which may be other Unicode white space: the text path trims that).
    private static func trimmingSpaces(_ data: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        var start = 0, end = data.count
        while start < end, data[start] == 0x20 || data[start] == 0x09 { start += 1 }
        while end > start, data[end - 1] == 0x20 || data[end - 1] == 0x09 { end -= 1 }
        guard start == end || (data[start] < 0x80 && data[end - 1] < 0x80) else { return nil }
        return UnsafeBufferPointer(rebasing: data[start..<end])
    }

    private static let done = "[DONE]"

    /// The events of a whole (non-streamed) chat completion body.
    /// - Throws: `ProviderError.invalidResponse` when the body is not a chat completion.
    static func events(fromCompletion body: Data) throws -> [ChatStreamEvent] {
        let completion: OpenAIChatCompletionDTO
        do {
            completion = try JSONDecoder().decode(OpenAIChatCompletionDTO.self, from: body)
        } catch {
            throw ProviderError.invalidResponse("the answer is neither a stream nor a chat completion")
        }
        let usage = completion.usage.map { TokenUsage(promptTokens: $0.promptTokens, completionTokens: $0.completionTokens) }
        var events: [ChatStreamEvent] = []
        if let content = completion.content, !content.isEmpty { events.append(.text(content)) }
        events.append(.finished(ChatCompletionInfo(finishReason: completion.finishReason, model: completion.model,
                                                   usage: usage)))
        return events
    }
}
