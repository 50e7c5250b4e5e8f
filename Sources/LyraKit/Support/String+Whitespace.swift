// Whitespace checks for every chat turn's text that skip Foundation's CharacterSet bridging in the
// common case (the text starts and ends with a visible ASCII character); others fall back to it.
import Foundation

extension String {
    /// The same as `trimmingCharacters(in: .whitespaces)`, without its cost when there is nothing to trim.
    public func trimmingSpaces() -> String {
        trimming(.whitespaces)
    }

    /// The same as `trimmingCharacters(in: .whitespacesAndNewlines)`, without its cost when there is nothing to trim.
    public func trimmingWhitespaceAndNewlines() -> String {
        trimming(.whitespacesAndNewlines)
    }

    /// Whether the text is empty or only whitespace and line breaks (as `.whitespacesAndNewlines`).
    public var isBlank: Bool {
        if utf8.contains(where: { $0 > 0x20 && $0 < 0x7F }) { return false }
        return trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    /// `self` when it starts and ends with a visible ASCII character (neither set holds one), else
    /// Foundation's trim by `set`.
    private func trimming(_ set: CharacterSet) -> String {
        guard let first = unicodeScalars.first, let last = unicodeScalars.last else { return self }
        if Self.isVisibleASCII(first), Self.isVisibleASCII(last) { return self }
        return trimmingCharacters(in: set)
    }

    /// Whether `scalar` is an ASCII character that is not whitespace or a control character.
    private static func isVisibleASCII(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value > 0x20 && scalar.value < 0x7F
    }
}
