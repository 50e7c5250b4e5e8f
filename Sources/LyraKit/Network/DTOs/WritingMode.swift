// The one mode of an AI-writing request: improve, rewrite, fix grammar, shorten, translate
// to a language, or restyle. An enum, so exactly one mode is ever set.
import Foundation

/// What `/improve` asks the writing backend to do.
public enum WritingMode: Equatable, Hashable, Sendable {
    /// General improvement (the default).
    case improve
    /// Rewrite the text.
    case rewrite
    /// Fix grammar only.
    case grammar
    /// Make it shorter.
    case shorten
    /// Translate into the given language.
    case translate(String)
    /// Rewrite in the given style.
    case style(String)
}
