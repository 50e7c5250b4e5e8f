// Errors of the chat feature itself (the network's are `APIError`, the files' `SessionError`).
import Foundation

/// A chat action that cannot be done.
public enum ChatError: Error, LocalizedError, Equatable, Sendable {
    /// `/retry` found no user message whose reply failed.
    case nothingToRetry
    /// The message is empty once whitespace is removed.
    case emptyMessage

    /// A user-facing description.
    public var errorDescription: String? {
        switch self {
        case .nothingToRetry: return "nothing to retry: no message in this session is waiting for a reply"
        case .emptyMessage: return "empty message: type some text"
        }
    }
}
