// The card a tool call is shown as (SPEC §14): before it runs, server, tool and arguments (sanitised,
// cut to 20 lines) with `run it? [y/N/a]`; after, one muted line with what came of it. The same
// muted lines show stored calls and results in `/sessions show`.
import LyraKit

/// Renders tool calls and their results.
enum ToolCallCard {
    /// The most argument lines a card shows.
    static let argumentLines = 20
    /// The question under a card.
    static let question = "run it? [y/N/a] "

    /// The card asking about `call` of `tool` on `server`; the question is its last line (no newline).
    static func asking(_ call: ToolCall, server: String, tool: String, theme: Theme, width: Int) -> [String] {
        let title = "╭─ tool call · \(TextSanitizer.singleLine(server, limit: 60)) → \(TextSanitizer.singleLine(tool, limit: 80))"
        var lines = [theme.paint(title, .accent)]
        lines += argumentText(call.arguments, width: width).map { theme.paint("│ ", .accent) + $0 }
        return lines
    }

    /// The arguments as lines: pretty JSON when they parse, sanitised, at most ``argumentLines``.
    static func argumentText(_ arguments: String, width: Int) -> [String] {
        let text = JSONTree.parse(arguments)?.prettyText ?? arguments
        let all = TextSanitizer.sanitize(text).split(separator: "\n", omittingEmptySubsequences: false)
        let limit = max(20, width - 4)
        // Indentation is kept (singleLine would trim it); a long line is cut with `…`.
        var lines = all.prefix(argumentLines).map { line -> String in
            let text = line.replacingOccurrences(of: "\t", with: "    ")
            return text.count > limit ? String(text.prefix(limit - 1)) + "…" : text
        }
        if all.count > argumentLines { lines.append("… \(all.count - argumentLines) more lines") }
        return lines
    }

    /// The muted line after a call: ran (with the result's first line) or refused.
    static func result(_ call: ToolCall, outcome: ToolCallOutcome, theme: Theme, width: Int) -> [String] {
        [theme.paint(summary(name: call.name, content: outcome.content, allowed: outcome.allowed, width: width), .muted)]
    }

    /// `╰─ NAME: first line of the result` / `╰─ NAME: not run (refused)`.
    static func summary(name: String, content: String, allowed: Bool, width: Int) -> String {
        let shownName = TextSanitizer.singleLine(name, limit: 80)
        guard allowed else { return "╰─ \(shownName): not run (refused)" }
        let first = TextSanitizer.singleLine(content, limit: max(20, width - shownName.count - 8))
        return "╰─ \(shownName): \(first)"
    }

    /// The muted lines of a stored message's tool calls (`/sessions show`, the REPL's last exchange).
    static func storedCalls(_ calls: [ToolCall], theme: Theme, width: Int) -> [String] {
        calls.map { call in
            let arguments = TextSanitizer.singleLine(call.arguments, limit: max(20, width - 20))
            return theme.paint("╭─ tool call · \(TextSanitizer.singleLine(call.name, limit: 80)) \(arguments)", .muted)
        }
    }
}
