// Text waiting to be attached to the next chat message: a file from `/file PATH`, or the data
// piped into a one-shot `lyra PROMPT`. The message goes first, then each text after a blank line.

/// The texts the next chat message carries.
@MainActor
public final class PendingAttachments {
    private var texts: [String] = []

    /// Nothing attached yet.
    public init() {}

    /// Whether nothing is waiting.
    public var isEmpty: Bool { texts.isEmpty }

    /// Attaches `text` to the next message.
    public func add(_ text: String) {
        texts.append(text)
    }

    /// `message` followed by each waiting text after a blank line (`message\n\ntext`); nothing is
    /// waiting afterwards. Without attachments, `message` itself.
    public func take(appendingTo message: String) -> String {
        guard !texts.isEmpty else { return message }
        defer { texts.removeAll() }
        return ([message] + texts).joined(separator: "\n\n")
    }
}
