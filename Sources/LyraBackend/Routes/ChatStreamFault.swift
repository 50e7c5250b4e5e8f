// The fault fields that change how `POST /v1/chat/completions` streams: pauses, a mid-stream error,
// a stream cut after N words (abruptly or cleanly, without `[DONE]`), and the finish reason.

/// How one streamed chat completion deviates from a clean stream; the default deviates in nothing.
struct ChatStreamFault: Sendable, Equatable {
    /// Milliseconds to wait before each event after the first.
    var chunkDelayMilliseconds = 0
    /// After this many content events, wait for `POST /_test/release`.
    var pauseAfterWords: Int?
    /// After this many content events, send `data: {"error": {"message": errorMessage}}` and end.
    var errorAfterWords: Int?
    var errorMessage = "injected stream error"
    /// After this many content events, close the connection without ending the body.
    var closeAfterWords: Int?
    /// After this many content events, end the body cleanly but send no finish event and no `[DONE]`.
    var endAfterWords: Int?
    /// The `finish_reason` of the last choice (`stop` when not set).
    var finishReason: String?

    /// Reads the stream fields of a fault description.
    /// - Throws: 422 naming the field that is out of range.
    static func parse(_ value: JSONValue) throws(RouteFailure) -> ChatStreamFault {
        var fault = ChatStreamFault()
        fault.chunkDelayMilliseconds = try count(value, "chunk_delay_ms", upTo: 10_000) ?? 0
        fault.pauseAfterWords = try count(value, "pause_after_words")
        fault.errorAfterWords = try count(value, "error_after_words")
        fault.closeAfterWords = try count(value, "close_after_words")
        fault.endAfterWords = try count(value, "end_after_words")
        if let message = value["error_message"]?.stringValue { fault.errorMessage = message }
        if let reason = value["finish_reason"], !reason.isNull {
            guard let text = reason.stringValue, !text.isEmpty else {
                throw RouteFailure(status: 422, detail: "fault 'finish_reason' must be a non-empty string")
            }
            fault.finishReason = text
        }
        return fault
    }

    private static func count(_ value: JSONValue, _ name: String, upTo limit: Int = 100_000) throws(RouteFailure) -> Int? {
        guard let member = value[name], !member.isNull else { return nil }
        guard let number = member.intValue, (0...limit).contains(number) else {
            throw RouteFailure(status: 422, detail: "fault '\(name)' must be an integer from 0 to \(limit)")
        }
        return number
    }
}
