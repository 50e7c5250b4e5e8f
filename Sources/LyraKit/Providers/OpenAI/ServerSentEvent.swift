// One dispatched Server-Sent Event: its `event:` name (when one was given) and its joined `data:` lines.

/// A complete Server-Sent Event as the `ServerSentEventParser` delivers it.
public struct ServerSentEvent: Equatable, Sendable {
    /// The `event:` field, nil when the event had none (the SSE default type "message").
    public var event: String?
    /// The event's `data:` lines joined by `\n` (no trailing newline).
    public var data: String
    /// False when the data bytes were not valid UTF-8 (`data` then holds U+FFFD in their place).
    public var isValidUTF8: Bool

    /// An event with `data` and an optional `event` name.
    public init(event: String? = nil, data: String, isValidUTF8: Bool = true) {
        self.event = event
        self.data = data
        self.isValidUTF8 = isValidUTF8
    }
}
