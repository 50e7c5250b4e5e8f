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
    /// Whether any event held a choice (a stream of `choices: null` events holds no reply).
    private var sawChoice = false
    /// A failure met after other events of the same chunk: those are handed out first, and the
    /// failure is thrown by the next call, so text that came before a bad event is not lost.
    private var pendingError: ProviderError?
    /// The tool calls streamed so far.
    private var toolCalls = ToolCallAssembler()

    /// Why a reply with bytes that are not UTF-8 is refused, streamed or not: the text cannot be
    /// shown or saved as the server meant it, and repairing it silently would hide that.
    static let invalidUTF8 = ProviderError.invalidResponse("the server sent text that is not valid UTF-8")
    /// Why a completion without any choice is refused: it has no reply to show.
    static let noChoices = ProviderError.invalidResponse("the server sent no choices")

    /// The events in `bytes` (a chunk as it arrived); `.finished` once `[DONE]` is seen.
    /// - Throws: `ProviderError.streamError` for an error event, `.invalidResponse` for an event that
    ///   is not a chunk, or the parser's error for an oversized event.
    mutating func feed(_ bytes: [UInt8]) throws -> [ChatStreamEvent] {
        if let pendingError { throw pendingError }
        guard !isDone else { return [] }
        return try handle(parser.feed(bytes))
    }

    /// The events of a last event not followed by a blank line.
    /// - Throws: as `feed`, and `ProviderError.streamCutOff` when the stream ended without `[DONE]`.
    mutating func finish() throws -> [ChatStreamEvent] {
        if let pendingError { throw pendingError }
        guard !isDone else { return [] }
        let events = try handle(parser.finish())
        guard isDone else {
            if !sawEvent { throw ProviderError.emptyStream }
            throw ProviderError.streamCutOff(reason: "the stream ended without [DONE]")
        }
        return events
    }

    /// Each event's data, trimmed: `[DONE]`, nothing, or a chunk.
    /// - Throws: ``invalidUTF8`` for an event whose bytes are not UTF-8, ``noChoices`` at `[DONE]`
    ///   when no event held a choice.
    private mutating func handle(_ events: [ServerSentEvent]) throws -> [ChatStreamEvent] {
        var result: [ChatStreamEvent] = []
        do {
            try handle(events, into: &result)
        } catch let error as ProviderError where !result.isEmpty {
            pendingError = error
        }
        return result
    }

    private mutating func handle(_ events: [ServerSentEvent], into result: inout [ChatStreamEvent]) throws {
        if !events.isEmpty { sawEvent = true }
        for event in events where !isDone {
            guard event.isValidUTF8 else { throw Self.invalidUTF8 }
            let data = Self.trimmed(event.data)
            if data == "[DONE]" {
                guard sawChoice else { throw Self.noChoices }
                isDone = true
                completion.toolCalls = toolCalls.finished()
                result.append(.finished(completion))
            } else if !data.isEmpty {
                try apply(decode(data), into: &result)
            }
        }
    }

    private mutating func apply(_ chunk: OpenAIChatChunkDTO, into events: inout [ChatStreamEvent]) throws {
        if let error = chunk.error {
            throw ProviderError.streamError(message: error.message ?? "unknown error")
        }
        if chunk.hasChoice { sawChoice = true }
        if let reasoning = chunk.reasoning, !reasoning.isEmpty { events.append(.reasoning(reasoning)) }
        if let content = chunk.content, !content.isEmpty { events.append(.text(content)) }
        if let fragments = chunk.toolCalls { toolCalls.add(fragments) }
        if let reason = chunk.finishReason { completion.finishReason = reason }
        if let model = chunk.model, !model.isEmpty { completion.model = model }
        if let usage = chunk.usage {
            completion.usage = TokenUsage(promptTokens: usage.promptTokens, completionTokens: usage.completionTokens,
                                          reasoningTokens: usage.reasoningTokens)
        }
    }

    /// `data` without the white space around it. An event that starts and ends with a visible ASCII
    /// character (`{…}`, `[DONE]`: nearly all) is taken as it is, without Foundation's Unicode trim,
    /// which cost more than decoding the event.
    static func trimmed(_ data: String) -> String {
        guard let first = data.utf8.first, let last = data.utf8.last,
              (0x21..<0x7F).contains(first), (0x21..<0x7F).contains(last) else {
            return data.trimmingCharacters(in: .whitespaces)
        }
        return data
    }

    private func decode(_ data: String) throws -> OpenAIChatChunkDTO {
        do {
            return try decoder.decode(OpenAIChatChunkDTO.self, from: Data(data.utf8))
        } catch {
            throw ProviderError.invalidResponse("a stream event is not a chat completion chunk")
        }
    }

    /// The events of a whole (non-streamed) chat completion body.
    /// - Throws: `ProviderError.invalidResponse` when the body is not a chat completion, is not
    ///   UTF-8 (``invalidUTF8``, as in a stream), or holds no choice (``noChoices``).
    static func events(fromCompletion body: Data) throws -> [ChatStreamEvent] {
        // Checked first: the tolerant decoding would drop a member holding bad bytes and answer empty.
        guard String(validating: body, as: UTF8.self) != nil else { throw invalidUTF8 }
        let completion: OpenAIChatCompletionDTO
        do {
            completion = try JSONDecoder().decode(OpenAIChatCompletionDTO.self, from: body)
        } catch {
            throw ProviderError.invalidResponse("the answer is neither a stream nor a chat completion")
        }
        guard completion.hasChoice else { throw noChoices }
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
