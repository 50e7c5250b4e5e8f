// The last exchange of a session, shown in the REPL when `--continue`, `--session` or
// `/sessions switch` opens it: your last message and the reply, one muted line each, sanitised.
import Foundation
import LyraKit

/// Renders a reminder of where a session left off.
enum LastExchangeView {
    /// Up to two muted lines (`you › …`, `lyra › …`) cut to `width`; nil for a session without messages.
    static func render(_ session: ChatSession, width: Int, theme: Theme) -> String? {
        guard let userIndex = session.messages.lastIndex(where: { $0.role == .user && !$0.removed }) else { return nil }
        let question = session.messages[userIndex]
        let reply = session.messages[(userIndex + 1)...].first { $0.role == .assistant && !$0.removed }
        var lines = [line("you › ", question.content, width: width)]
        if let reply {
            lines.append(line("lyra › ", reply.content, width: width))
        } else if question.isFailed {
            lines.append(line("lyra › ", "(no reply: /retry resends it)", width: width))
        }
        return lines.map { theme.paint($0, .muted) }.joined(separator: "\n")
    }

    /// `label` and `text` on one line of at most `width` columns.
    private static func line(_ label: String, _ text: String, width: Int) -> String {
        let clean = TextSanitizer.singleLine(text)
        return "  " + label + DisplayWidth.truncate(clean, toColumns: max(width - 2 - label.count, 8))
    }
}
