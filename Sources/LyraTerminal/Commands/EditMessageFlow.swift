// `/edit N [TEXT]` (SPEC §15): your message N, edited in $EDITOR (or given on the line), replaces
// it; the conversation as it was moves to a fork `TITLE (before edit)` so nothing is lost, and
// the edited message is sent as the next turn.
import Foundation
import LyraKit

/// Edits an earlier message of the current session.
@MainActor
enum EditMessageFlow {
    /// Edits user message `number`, with `text` when given, else in the editor (terminal only).
    /// - Throws: `ChatControlError.noSuchMessage`, `CommandError`, `ExternalEditorError`, what sending throws.
    static func run(_ number: Int, text given: String?, context: CommandContext) async throws -> CommandResult {
        let chat = context.services.chatService()
        guard let session = await chat.session, let message = ChatService.userMessage(number, in: session) else {
            throw ChatControlError.noSuchMessage(number)
        }
        let text: String
        if let given {
            text = given
        } else {
            guard context.isInteractive else {
                throw CommandError.failed("/edit N needs a terminal for the editor; in a script, write /edit N TEXT")
            }
            let editor = ExternalEditor.resolve(environment: context.services.environment)
            context.console.flush()
            let original = message.content
            text = try await BlockingCall.run { () throws(ExternalEditorError) in try editor.edit(original) }
        }
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            context.hint("Nothing written; nothing changed.")
            return .proceed
        }
        guard let handler = context.messageHandler else { throw CommandError.failed("chat is not available in this build") }
        let fork = try await chat.forkBeforeEdit(ofUserMessage: number)
        context.hint("the conversation as it was is kept in \(SessionListView.displayTitle(fork.title))"
            + (fork.number.map { " (session \($0))" } ?? ""))
        try await handler.send(text, context: context)
        return .proceed
    }
}
