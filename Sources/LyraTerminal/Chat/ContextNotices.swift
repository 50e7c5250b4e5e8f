// What Lyra says about the context after a reply (SPEC §12): that the token budget left earlier
// messages out (once per turn), and that the server silently cut the conversation. On a terminal,
// lines of their own; in a script, on stderr with the line number, so stdout stays the reply.
import Foundation
import LyraKit

/// The budget notice and the silent-truncation warning after a chat turn.
@MainActor
enum ContextNotices {
    /// Shows what applies to `turn`, given the model's `window` when known.
    static func show(after turn: ChatTurn, window: ContextWindow?, context: CommandContext) {
        guard let sent = turn.context else { return }
        if let notice = sent.notice, !context.quiet {
            write(notice, style: .muted, context: context)
        }
        if let reported = turn.reply.usage?.promptTokens,
           SilentTruncation.isTruncated(reported: reported, sent: sent.textTokens, window: window?.tokens) {
            let warning = SilentTruncation.warning(reported: reported, sent: sent.textTokens,
                                                   serverKind: window?.serverKind)
            write("warning: " + warning, style: .warning, context: context)
        }
    }

    private static func write(_ text: String, style: Theme.Style, context: CommandContext) {
        if context.isInteractive {
            context.console.writeMessage(text, theme: context.theme, bodyStyle: style)
        } else {
            let place = context.lineNumber > 0 ? "line \(context.lineNumber): " : ""
            context.console.writeErrorMessage("lyra: \(place)\(text)")
        }
    }
}
