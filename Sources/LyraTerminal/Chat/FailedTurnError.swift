// A chat error that left the user's message saved as failed, shown in the REPL with the way to
// send it again (`/retry`). The exit status stays the one of the underlying error.
import Foundation
import LyraKit

/// Wraps the error of a turn whose message is kept, marked failed, in the session.
struct FailedTurnError: Error, LocalizedError, StatusCarryingError {
    /// What went wrong.
    let underlying: any Error

    /// The underlying message, then `(/retry sends it again)`.
    var errorDescription: String? {
        ErrorText.describe(underlying) + " (/retry sends it again)"
    }

    /// The status of the underlying error.
    var exitStatus: ExitStatus {
        ExitStatus.forFailure(underlying)
    }

    /// `error`, wrapped when it is not a cancellation and `session`'s last message failed.
    static func wrapping(_ error: any Error, session: ChatSession?) -> any Error {
        guard !ErrorText.isCancellation(error), !(error is FailedTurnError),
              session?.messages.last?.isFailed == true else { return error }
        return FailedTurnError(underlying: error)
    }
}
