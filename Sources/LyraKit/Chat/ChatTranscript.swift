// A session's transcript as text: Markdown and JSON for `/sessions export`, plain lines for
// `/sessions show` in scripts. Raw text: the terminal layer sanitises what it prints.
import Foundation

/// The formats a transcript can be written in.
public enum TranscriptFormat: String, Sendable, CaseIterable {
    /// Markdown: a heading per message.
    case markdown = "md"
    /// The session file's JSON.
    case json

    /// The format a file name suggests: `.json` → JSON, anything else Markdown.
    public static func forPath(_ path: String) -> TranscriptFormat {
        path.lowercased().hasSuffix(".json") ? .json : .markdown
    }
}

/// Renders transcripts.
public enum ChatTranscript {
    /// The transcript in `format`, ending with a newline.
    public static func render(_ session: ChatSession, as format: TranscriptFormat) -> String {
        switch format {
        case .markdown: return markdown(session)
        case .json: return session.fileText
        }
    }

    /// Markdown: `# Title`, a line about the session, then `## You · time` / `## Lyra · time` and the text.
    public static func markdown(_ session: ChatSession) -> String {
        var text = "# \(ChatSession.singleLine(session.title))\n\n"
        let count = session.messages.count(where: { !$0.removed })
        text += "_Session \(session.id) · created \(ChatTimestamp.string(from: session.createdAt)) · "
            + "\(count) message\(count == 1 ? "" : "s")_\n"
        for message in session.messages where !message.removed {
            let suffix = (message.isFailed ? " (no reply)" : "") + (message.compacted ? " (compacted)" : "")
            text += "\n## \(message.role.speaker) · \(ChatTimestamp.string(from: message.createdAt))\(suffix)\n\n"
            if let summary = reasoningSummary(message) { text += "> \(summary)\n\n" }
            if message.role == .tool {
                text += "> result of \(message.toolCallId ?? "a call")\(message.allowed == false ? " (not allowed)" : "")\n\n"
                text += "```\n" + message.content.replacingOccurrences(of: "```", with: "` ` `") + "\n```\n"
                continue
            }
            text += message.content.trimmingCharacters(in: .newlines) + "\n"
            for call in message.toolCalls ?? [] {
                text += "\n> tool call `\(call.name)` (\(call.id)): `\(call.arguments.replacingOccurrences(of: "`", with: "'"))`\n"
            }
            if !message.attachments.isEmpty { text += "\n" + message.attachments.map { "- \($0.chip)\n" }.joined() }
        }
        return text
    }

    /// `thinking (840 tokens)` for a reply with saved reasoning (its tokens when the server counted
    /// them, else its words), nil without: the reasoning itself is shown collapsed.
    public static func reasoningSummary(_ message: ChatMessage) -> String? {
        guard let reasoning = message.reasoning, !reasoning.isEmpty else { return nil }
        if let tokens = message.usage?.reasoningTokens { return "thinking (\(tokens) tokens)" }
        let words = reasoning.split(whereSeparator: \.isWhitespace).count
        return "thinking (\(words) word\(words == 1 ? "" : "s"))"
    }

    /// Plain lines: `you: text` / `lyra: text` / `summary: text`, continuation lines indented by two
    /// spaces, `you (no reply): …` for a failed message, `(compacted)` after the label of a summarised one.
    public static func plainText(_ session: ChatSession) -> String {
        var text = ""
        text.reserveCapacity(session.messages.reduce(0) { $0 + $1.content.utf8.count + 24 })
        for message in session.messages where !message.removed {
            let label = message.role == .user ? "you" : message.role == .assistant ? "lyra" : message.role.rawValue
            let lines = message.content.split(separator: "\n", omittingEmptySubsequences: false)
            text += label + (message.isFailed ? " (no reply)" : "") + (message.compacted ? " (compacted)" : "")
                + ": " + (lines.first ?? "") + "\n"
            for line in lines.dropFirst() { text += "  " + line + "\n" }
            for call in message.toolCalls ?? [] {
                let arguments = call.arguments.split(whereSeparator: \.isNewline).joined(separator: " ")
                text += "  [tool call \(call.name) \(arguments)]\n"
            }
            for attachment in message.attachments { text += "  " + attachment.chip + "\n" }
        }
        return text
    }
}
