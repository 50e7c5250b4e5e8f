// `/quit` and `/exit`: leave Lyra.
import Foundation

/// Leaves the REPL or ends the script.
public struct QuitCommand: Command {
    public let name = "quit"
    public let aliases = ["exit"]
    public let summary = "leave Lyra"
    public let usage = "/quit"

    /// The quit command.
    public init() {}

    @MainActor
    public func run(_ arguments: CommandArguments, context: CommandContext) async throws -> CommandResult {
        guard arguments.words.isEmpty else { throw CommandError.usage("usage: /quit") }
        return .quit
    }
}
