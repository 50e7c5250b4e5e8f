// Errors raised by the terminal layer itself: bad command usage, unknown commands, missing setup.
import Foundation

/// A failure of a command line, shown to the user as its description.
public enum CommandError: Error, Equatable, LocalizedError {
    /// The command was used wrongly; the message says how.
    case usage(String)
    /// No command has this name.
    case unknownCommand(String)
    /// No command has this name, but one is close (the suggestion has the slash).
    case misspelledCommand(String, suggestion: String)
    /// The name is the beginning of several commands (listed with the slash).
    case ambiguousCommand(String, candidates: [String])
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
            return "unknown command '/\(Self.shown(name))' (try /help)"
        case .misspelledCommand(let name, let suggestion):
            return "unknown command '/\(Self.shown(name))': did you mean \(suggestion)?"
        case .ambiguousCommand(let name, let candidates):
            return "ambiguous command '/\(Self.shown(name))': could be \(candidates.joined(separator: ", "))"
        case .cancelled: return "cancelled"
        }
    }

    /// A typed name as shown in a message: at most 40 characters.
    private static func shown(_ name: String) -> String {
        name.count > 40 ? name.prefix(40) + "…" : name
    }
}
