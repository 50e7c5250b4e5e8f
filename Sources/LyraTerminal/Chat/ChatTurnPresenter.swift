// Shows a chat turn: the spinner while waiting (interactive, stderr a TTY, not quiet), then the
// reply as a bubble (interactive) or as exactly its text and one newline (script).
import Foundation
import LyraKit

/// Runs a chat turn and prints its reply.
@MainActor
enum ChatTurnPresenter {
    /// The spinner's label while a reply is awaited.
    static let waitingLabel = "waiting for reply"

    /// Runs `work` (a send or a retry of `chat`) with a spinner, prints the reply and keeps the prompt's title current.
    /// - Throws: what `work` throws, after the spinner is cleared and the title updated.
    static func run(_ context: CommandContext, chat: ChatService,
                    _ work: @escaping @Sendable () async throws -> ChatTurn) async throws {
        let terminal = context.terminal
        let spinner = Spinner(console: context.console, theme: context.theme,
                              enabled: context.isInteractive && terminal.stderrIsTTY && !context.quiet,
                              width: { terminal.width })
        spinner.start(waitingLabel)
        let turn: ChatTurn
        do {
            turn = try await work()
        } catch {
            spinner.stop()
            context.sessionTitle = await chat.title
            throw error
        }
        spinner.stop()
        context.sessionTitle = turn.session.title
        SessionCompletion.remember(turn.session.title, in: context)
        show(turn.reply, context: context)
        context.services.recordSuccessfulChatReply(context: context)
    }

    /// Prints a reply: a bubble in the REPL, the bare sanitised text and one newline in a script.
    static func show(_ reply: ChatMessage, context: CommandContext) {
        if context.isInteractive {
            context.console.writeLine(MessageBubble.render(
                reply.content, role: .assistant, width: context.terminal.width, theme: context.theme))
        } else {
            context.console.write(TextSanitizer.sanitize(reply.content) + "\n")
        }
    }
}
