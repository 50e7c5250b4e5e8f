// `/fork [TITLE]` (SPEC §15): a new session holding a copy of the current conversation, made
// current; the session it came from stays as it was.
import Foundation
import LyraKit

/// Copies the current session into a new one and switches to it.
public struct ForkCommand: Command {
    public let name = "fork"
    public let summary = "continue in a copy of this session"
    public let usage = "/fork [TITLE]"
    public let details = """
        Starts a new session holding a copy of this one (messages, system prompt, model, parameters)
        and switches to it; the original stays as it was. The copy is titled TITLE, or the current
        title followed by " (fork)".
        """

    /// The command.
    public init() {}

    /// Forks; the prompt shows the new title.
    /// - Throws: `ChatControlError.nothingToFork`, `SessionError.emptyTitle`, storage errors.
    @MainActor
    public func run(_ arguments: CommandArguments, context: CommandContext) async throws -> CommandResult {
        let chat = context.services.chatService()
        let fork = try await chat.fork(title: arguments.rest(from: 0))
        context.sessionTitle = fork.title
        SessionCompletion.remember(fork.title, in: context)
        context.hint("forked: now in \(SessionListView.displayTitle(fork.title))"
            + (fork.number.map { " (session \($0))" } ?? ""))
        return .proceed
    }
}
