// Whether a chat turn's text says anything at all.
import Foundation

extension String {
    /// Whether the text is empty or only whitespace and line breaks (as `.whitespacesAndNewlines`).
    public var isBlank: Bool {
        trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }
}
