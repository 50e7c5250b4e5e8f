// Human-readable names of the writing modes, for progress labels and help.
import Foundation

extension WritingMode {
    /// What the mode does, e.g. `improving`, `translating to de`.
    public var progressLabel: String {
        switch self {
        case .improve: return "improving"
        case .rewrite: return "rewriting"
        case .grammar: return "fixing grammar"
        case .shorten: return "shortening"
        case .translate(let language): return "translating to \(language)"
        case .style(let style): return "restyling as \(style)"
        }
    }
}
