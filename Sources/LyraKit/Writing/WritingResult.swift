// What one `/improve` produced: the text sent, the mode, and the backend's result text.
import Foundation

/// The outcome of one writing request.
public struct WritingResult: Equatable, Sendable {
    /// The text as it was sent.
    public let original: String
    /// The mode that was applied.
    public let mode: WritingMode
    /// The backend's result, unchanged (not yet sanitised for a terminal).
    public let text: String

    /// A result of applying `mode` to `original`.
    public init(original: String, mode: WritingMode, text: String) {
        self.original = original
        self.mode = mode
        self.text = text
    }
}
