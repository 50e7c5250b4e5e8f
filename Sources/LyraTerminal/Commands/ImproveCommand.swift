// `/improve [MODE] TEXT` (the app's AIWriting screen): one writing mode applied to text by the
// backend. Scripts get the result text exactly; a terminal gets it shown as a reply, then a word diff.
import Foundation
import LyraKit

/// Improves, rewrites, fixes, shortens, translates or restyles text.
public struct ImproveCommand: Command {
    public let name = "improve"
    public let summary = "improve, rewrite, fix grammar, shorten, translate or restyle text"
    public let usage = "/improve [--rewrite | --grammar | --shorten | --translate LANG | --style STYLE] TEXT"
    public let details = """
        Modes (at most one; none means improve):
          --rewrite          a clearer, more formal rewrite
          --grammar          fix grammar and spelling only
          --shorten          make it shorter
          --translate LANG   translate into LANG, e.g. de, fr, ja
          --style STYLE      rewrite in STYLE, e.g. formal, casual
        TEXT is the rest of the line (no quotes needed), or a \"\"\" block:
          /improve --shorten \"\"\"
          first paragraph…
          \"\"\"
        '-' as TEXT reads all of standard input when the lines come from -c or -f FILE:
          lyra -c '/improve --grammar -' < draft.txt > fixed.txt
        Text that starts with -- goes after a lone --, e.g. /improve -- --verbose is a flag.
        In the REPL, /improve with no text asks for it. On a terminal the result is shown as a
        reply is, then a word diff; in a script only the resulting text is printed.
        """

    /// Languages offered by Tab after `--translate`.
    static let suggestedLanguages = ["de", "en", "es", "fr", "it", "ja", "ko", "pt", "ru", "uk", "zh"]
    /// Styles offered by Tab after `--style`.
    static let suggestedStyles = ["academic", "casual", "formal", "friendly", "persuasive", "professional"]

    /// The improve command.
    public init() {}

    public func completions(arguments: [String], partial: String, data: CompletionData) -> [String] {
        switch arguments.last {
        case "--translate": return Self.suggestedLanguages
        case "--style": return Self.suggestedStyles
        default: break
        }
        guard arguments.isEmpty, partial.isEmpty || partial.hasPrefix("-") else { return [] }
        return ImproveInvocation.modeFlags
    }

    @MainActor
    public func run(_ arguments: CommandArguments, context: CommandContext) async throws -> CommandResult {
        let invocation = try ImproveInvocation.parse(arguments)
        let text = try await Self.text(for: invocation.text, context: context)
        let service = try await context.services.writingService()
        // A model streams the result: shown as it arrives by the live reply renderer (wrapped by
        // words), the diff after it.
        let pump = ReplyStreamPump(context: context, render: .markdown, label: invocation.mode.progressLabel)
        let result: WritingResult
        do {
            result = try await service.apply(invocation.mode, to: text, onText: pump.onText)
        } catch {
            await pump.finish(completed: false)
            throw error
        }
        await pump.drain()
        let streamed = pump.view.receivedText
        pump.view.finish(completed: streamed)
        if context.isInteractive {
            Self.show(result, context: context, streamed: streamed)
        } else if !streamed {
            context.console.write(TextSanitizer.sanitize(result.text) + "\n")
        }
        return .proceed
    }

    /// The result as a reply is shown live (unless it was already shown as it streamed), then what
    /// changed as a word diff.
    @MainActor
    static func show(_ result: WritingResult, context: CommandContext, streamed: Bool = false) {
        let theme = context.theme
        let improved = TextSanitizer.sanitize(result.text)
        if !streamed {
            let lines = MarkdownRenderer.render(improved, width: context.terminal.width, theme: theme,
                                                keepsMarkers: theme.colorLevel == .none)
            context.console.writeLine(([theme.paint("╭─ lyra", .assistant)] + lines).joined(separator: "\n"))
        }
        let diff = WordDiff(old: TextSanitizer.sanitize(result.original), new: improved)
        guard diff.hasChanges else {
            context.hint("no changes")
            return
        }
        context.console.writeLine(theme.paint("changes:", .muted))
        context.console.writeLine(WordDiffRenderer.render(diff, theme: theme))
    }
}
