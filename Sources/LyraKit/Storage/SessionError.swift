// Errors of the session store: a damaged session file (named, and left as it is), a reference
// that matches no session or several, a title that cannot be used, a change over the size limits,
// and a copied session file whose id another file already has.
import Foundation

/// A failure finding, reading or changing a saved session.
public enum SessionError: Error, LocalizedError, Equatable, Sendable {
    /// The session file exists but is not a valid session; it is never overwritten.
    case damagedFile(path: String, reason: String)
    /// No session matches the reference.
    case notFound(reference: String)
    /// Several sessions match the reference; `candidates` describes them (`#2 (id 9F1C…)`).
    case ambiguous(reference: String, candidates: [String])
    /// A title that is empty once put on one line.
    case emptyTitle
    /// A change that would make a message or the session file larger than Lyra reads; nothing was saved.
    case tooLarge(what: String, limit: String)
    /// A session file holding the same id as `original` (a copy): listed, never used nor written.
    case duplicateID(path: String, id: String, original: String)

    /// A user-facing description.
    public var errorDescription: String? {
        switch self {
        case let .damagedFile(path, reason):
            return "session file \(path) is damaged (\(reason)); it was left untouched"
        case let .notFound(reference):
            return "no session matches '\(reference)'"
        case let .ambiguous(reference, candidates):
            return "'\(reference)' matches several sessions: \(candidates.joined(separator: ", ")); "
                + "use the number or the id"
        case .emptyTitle:
            return "a session title cannot be empty"
        case let .tooLarge(what, limit):
            return "not saved: \(what) is over the limit of \(limit)"
        case let .duplicateID(path, id, original):
            return "session file \(path) has the same id \(id) as \(original) (a copy?); it is not used "
                + "and was left untouched — give it another id or remove it"
        }
    }
}

extension SessionError: AdvisingError {
    /// What the user can do: look at the sessions when a reference matches none.
    public var advice: RecoveryAdvice? {
        if case .notFound = self { return .listSessions }
        return nil
    }
}
