// `--session REF`, `--continue` and `--system TEXT` (SPEC §1, §8): open the session and set its
// system prompt before the first line runs. Without them nothing is read at start-up; a new
// session is created by the first message. In the REPL the opened session's last exchange is shown.
import Foundation
import LyraKit

/// Opens the session the command line asks for.
@MainActor
public enum ChatLaunch {
    /// Opens `--session REF` or, for `--continue`, the most recently updated session (none yet:
    /// the run starts a new one), then applies `--system`. Sets the prompt's title and the completion titles.
    /// - Throws: `SessionError` (no such session, ambiguous, damaged) or `StorageError`; the caller exits 2.
    public static func openRequestedSession(context: CommandContext) async throws {
        let options = context.services.options
        let chat = context.services.chatService()
        if options.sessionReference != nil || options.continueLatest {
            if let reference = options.sessionReference {
                try await chat.open(reference)
            } else {
                try await chat.openMostRecent()
            }
            context.sessionTitle = await chat.title
            SessionCompletion.update(try await chat.listSessions().sessions, in: context)
        }
        if let system = options.system { try await chat.setSystemPrompt(system) }
        try await ConversationLaunch.apply(options, to: context.services)
    }

    /// In the REPL, after the banner: the last exchange of the session `--session`/`--continue`
    /// opened (scripts print nothing extra, so their output stays stable).
    public static func showOpenedSession(context: CommandContext) async {
        let options = context.services.options
        guard context.isInteractive, options.sessionReference != nil || options.continueLatest else { return }
        guard let session = await context.services.chatService().session else { return }
        showLastExchange(of: session, context: context)
    }

    /// Prints the last exchange of `session` in the REPL; nothing in scripts.
    static func showLastExchange(of session: ChatSession, context: CommandContext) {
        guard context.isInteractive,
              let text = LastExchangeView.render(session, width: context.terminal.width, theme: context.theme)
        else { return }
        context.console.writeLine(text)
    }
}
