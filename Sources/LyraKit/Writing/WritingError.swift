// Errors of the writing feature found before any request is sent: nothing to edit, or a mode
// that needs a value (a language, a style) without one.
import Foundation

/// A writing request that cannot be sent as it is.
public enum WritingError: Error, Equatable, LocalizedError, Sendable {
    /// The text is empty or only whitespace.
    case emptyText
    /// `--translate` without a language.
    case missingLanguage
    /// `--style` without a style.
    case missingStyle

    /// A user-facing, single-line description.
    public var errorDescription: String? {
        switch self {
        case .emptyText: return "nothing to improve: the text is empty"
        case .missingLanguage: return "--translate needs a language, e.g. /improve --translate de TEXT"
        case .missingStyle: return "--style needs a style, e.g. /improve --style formal TEXT"
        }
    }
}
