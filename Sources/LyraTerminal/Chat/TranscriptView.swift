// `/sessions show` in the REPL: the session's title, then each message: yours as a bubble, Lyra's
// replies as they were shown live (the `╭─ lyra` label, then the Markdown rendered by the same
// renderer), with a note under messages whose reply failed.
import Foundation
import LyraKit

/// Renders a transcript for the terminal.
enum TranscriptView {
    /// The transcript as bubbles no wider than `width`.
    static func bubbles(_ session: ChatSession, width: Int, theme: Theme, render: RenderMode = .markdown) -> String {
        let count = session.messages.count(where: { !$0.removed })
        var parts = [theme.paint(SessionListView.displayTitle(session.title), .accent) + " "
            + theme.paint("· \(count) message\(count == 1 ? "" : "s")", .muted)]
        let callNames = Dictionary(session.messages.flatMap { $0.toolCalls ?? [] }.map { ($0.id, $0.name) },
                                   uniquingKeysWith: { first, _ in first })
        for message in session.messages where !message.removed {
            let role: MessageBubble.Role = message.role == .user ? .user : message.role == .assistant ? .assistant : .system
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
            if role == .assistant && render == .markdown && !(message.content.isEmpty && message.toolCalls != nil) {
                let lines = MarkdownRenderer.render(message.content, width: width, theme: theme,
                                                    keepsMarkers: theme.colorLevel == .none)
                parts.append(([theme.paint("╭─ lyra", .assistant)] + lines).joined(separator: "\n"))
            } else if !(message.content.isEmpty && message.toolCalls != nil) {
                parts.append(MessageBubble.render(message.content, role: role, width: width, theme: theme))
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
