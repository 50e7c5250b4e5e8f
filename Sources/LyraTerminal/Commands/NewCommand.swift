// `/new [TITLE]`: leave the current session; the next message starts a new one (SPEC §2).
import Foundation
import LyraKit

/// Starts a new chat session, created lazily by its first message.
public struct NewCommand: Command {
    public let name = "new"
    public let summary = "start a new chat session"
    public let usage = "/new [TITLE]"
    public let details = """
        The session is saved with its first message; without TITLE it is titled after that message
        (cut to 40 characters). Rename it later with /sessions rename.
        """

    /// The command.
    public init() {}

    /// Forgets the current session and remembers TITLE for the next one.
    /// - Throws: `SessionError.emptyTitle` never (a blank TITLE means no title).
    @MainActor
    public func run(_ arguments: CommandArguments, context: CommandContext) async throws -> CommandResult {
        let title = arguments.rest(from: 0).map(ChatSession.singleLine).flatMap { $0.isEmpty ? nil : $0 }
        let chat = context.services.chatService()
        try await chat.startNew(title: title)
        context.sessionTitle = title
        context.hint("new session: it is saved with your first message")
        return .proceed
    }
}
