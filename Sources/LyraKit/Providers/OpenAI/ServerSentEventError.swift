// Why a Server-Sent Events stream could not be parsed.

/// The failure of a `ServerSentEventParser`.
public enum ServerSentEventError: Error, Equatable, Sendable, CustomStringConvertible {
    /// One event (or one line) grew past the parser's byte limit before it was complete.
    case eventTooLarge(limit: Int)

    /// A sentence for the user.
    public var description: String {
        switch self {
        case .eventTooLarge(let limit):
            "the server sent a stream event larger than \(limit) bytes; the stream was stopped"
        }
    }
}
