// `/sessions show` in the REPL: the session's title, then each message as it was shown live (yours
// after the prompt, Lyra's replies under the `╭─ lyra` label rendered by the same Markdown renderer:
// TranscriptMessageView), with a note under messages whose reply failed.
import Foundation
import LyraKit

/// Renders a transcript for the terminal.
enum TranscriptView {
    /// The transcript as the REPL showed it, no line wider than `width` (code lines excepted).
    static func rendered(_ session: ChatSession, width: Int, theme: Theme, render: RenderMode = .markdown) -> String {
        let count = session.messages.count(where: { !$0.removed })
        var parts = [theme.paint(SessionListView.displayTitle(session.title), .accent) + " "
            + theme.paint("· \(count) message\(count == 1 ? "" : "s")", .muted)]
        let callNames = Dictionary(session.messages.flatMap { $0.toolCalls ?? [] }.map { ($0.id, $0.name) },
                                   uniquingKeysWith: { first, _ in first })
        for message in session.messages where !message.removed {
            if let summary = ChatTranscript.reasoningSummary(message) { parts.append(theme.paint("  " + summary, .muted)) }
            if message.role == .tool {
                // A tool's result: a muted line, as under the card when the call ran (SPEC §14).
                let name = message.toolCallId.flatMap { callNames[$0] } ?? "tool"
                let line = ToolCallCard.summary(name: name, content: message.content,
                                                allowed: message.allowed ?? true, width: width)
                parts.append(theme.paint(line, .muted))
                continue
            }
            if message.role == .summary { parts.append(theme.paint("  summary of the messages above (/compact)", .muted)) }
            if !(message.content.isEmpty && message.toolCalls != nil) {
                parts += TranscriptMessageView.lines(of: message, width: width, theme: theme, render: render)
            }
            for attachment in message.attachments {
                parts.append(theme.paint("  " + TextSanitizer.singleLine(attachment.chip), .muted))
            }
            parts += ToolCallCard.storedCalls(message.toolCalls ?? [], theme: theme, width: width)
            if message.compacted { parts.append(theme.paint("  (compacted: the summary below stands for it)", .muted)) }
            if message.isFailed { parts.append(theme.paint("  (no reply: /retry resends it)", .warning)) }
        }
        return parts.joined(separator: "\n")
    }

    /// The plain transcript for scripts, sanitised.
    static func plain(_ session: ChatSession) -> String {
        TextSanitizer.sanitize(ChatTranscript.plainText(session))
    }
}
