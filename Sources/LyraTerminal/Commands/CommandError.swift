// Errors raised by the terminal layer itself: bad command usage, unknown commands, missing setup.
import Foundation

/// A failure of a command line, shown to the user as its description.
public enum CommandError: Error, Equatable, LocalizedError {
    /// The command was used wrongly; the message says how.
    case usage(String)
    /// No command has this name.
    case unknownCommand(String)
    /// Lyra is not configured for this (exit status 2).
    case configuration(String)
    /// Any other failure with a message for the user.
    case failed(String)
    /// The user cancelled (Ctrl-C).
    case cancelled

    public var errorDescription: String? {
        switch self {
        case .usage(let message), .configuration(let message), .failed(let message): return message
        case .unknownCommand(let name):
            let shown = name.count > 40 ? name.prefix(40) + "…" : Substring(name)
            return "unknown command '/\(shown)' (try /help)"
        case .cancelled: return "cancelled"
        }
    }
}
