// What a typed command name stands for: a command (by name, alias or unique prefix), several
// commands (an ambiguous prefix), or nothing (perhaps with a near name to suggest).

/// The outcome of looking a typed command name up in the registry.
public enum CommandResolution: Sendable {
    /// The name, an alias or a unique prefix of one command.
    case command(any Command)
    /// A prefix of several commands (their names with the slash, sorted).
    case ambiguous([String])
    /// No command; `suggestion` is the nearest name (with the slash) when one is close enough.
    case unknown(suggestion: String?)

    /// The command, or the error a user sees for `typed` (without the slash).
    /// - Throws: `CommandError.ambiguousCommand`, `.misspelledCommand` or `.unknownCommand`.
    public func command(typed: String) throws -> any Command {
        switch self {
        case .command(let command): return command
        case .ambiguous(let candidates): throw CommandError.ambiguousCommand(typed, candidates: candidates)
        case .unknown(let suggestion?): throw CommandError.misspelledCommand(typed, suggestion: suggestion)
        case .unknown(nil): throw CommandError.unknownCommand(typed)
        }
    }
}
