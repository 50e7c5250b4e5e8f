// How any error is shown to the user, in scripts and in the REPL alike.
import Foundation
import LyraKit

/// The user-facing text of any error: its localized description, never a type dump. Messages can
/// carry a server's `detail`, so they are sanitised like any other server text, and a server may
/// echo a key it was sent, so every secret of the run is masked here, the one place all error
/// text passes through on its way to the user.
public enum ErrorText {
    /// A one-line message for `error`, free of control characters, escape sequences and secrets;
    /// `oneShot` words the advice for `lyra PROMPT…`, which has no `/new` to run.
    public static func describe(_ error: any Error, oneShot: Bool = false) -> String {
        if error is CancellationError { return "cancelled" }
        if let localized = error as? any LocalizedError, let text = localized.errorDescription {
            let advice = oneShot ? ((error as? any AdvisingError)?.advice?.oneShotText ?? "") : adviceText(for: error)
            return TextSanitizer.singleLine(KnownSecrets.redacting(in: text + advice))
        }
        return TextSanitizer.singleLine(KnownSecrets.redacting(in: String(describing: error)))
    }

    /// LyraKit's advice for `error` in the terminal's words (`: /login`), or nothing.
    static func adviceText(for error: any Error) -> String {
        (error as? any AdvisingError)?.advice?.text ?? ""
    }

    /// Whether `error` means the user cancelled (Ctrl-C), whichever layer reported it.
    public static func isCancellation(_ error: any Error) -> Bool {
        if error is CancellationError { return true }
        if case .cancelled = error as? APIError { return true }
        return false
    }
}
