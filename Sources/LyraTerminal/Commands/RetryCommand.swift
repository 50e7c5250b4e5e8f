// `/retry`: resend the last user message of the current session whose reply failed (SPEC §2).
import Foundation
import LyraKit

/// Resends the last failed chat message.
public struct RetryCommand: Command {
    public let name = "retry"
    public let summary = "resend the last message whose reply failed"
    public let usage = "/retry"
    public let details = """
        Works on the current session (use --continue or /sessions switch to pick up an earlier one).
        The message is not duplicated: on success it is marked as sent and the reply saved after it,
        replacing a reply that was cut off (Ctrl-C, a dropped stream).
        """

    /// The command.
    public init() {}

    /// Resends and prints the reply like a chat turn.
    /// - Throws: `ChatError.nothingToRetry`, `APIError` (the message stays failed), storage errors.
    @MainActor
    public func run(_ arguments: CommandArguments, context: CommandContext) async throws -> CommandResult {
        guard arguments.words.isEmpty, arguments.block == nil else { throw CommandError.usage("usage: \(usage)") }
        let chat = context.services.chatService()
        guard await chat.session?.lastFailedMessage != nil else { throw ChatError.nothingToRetry }
        try await ChatTurnPresenter.run(context, chat: chat) { options in try await chat.retry(options: options) }
        return .proceed
    }
}
