// Reading a secret for `/login` and `/settings set apphudAPIKey`: hidden on a terminal, the next
// line in a script (never echoed, even with --echo), and notes about overriding variables.
import Foundation

/// Asks for a secret through the context's follow-up input.
enum SecretEntry {
    /// The secret typed at `prompt` (REPL, without echo) or the next script line, trimmed.
    ///
    /// In the REPL, Ctrl-D, Ctrl-C or an empty answer prints "nothing changed" and returns nil.
    /// - Throws: `CommandError.failed` in a script when the input ends or the line is empty.
    @MainActor
    static func read(prompt: String, name: String, context: CommandContext) async throws -> String? {
        guard let input = context.input else { throw CommandError.failed("no input to read the \(name) from") }
        let answer = await input.nextSecret(prompt: prompt)?.trimmingCharacters(in: .whitespacesAndNewlines)
        if let answer, !answer.isEmpty { return answer }
        guard context.isInteractive else {
            throw CommandError.failed(answer == nil
                ? "the \(name) must be on the line after the command, but the input ended"
                : "the line after the command is empty: no \(name) given")
        }
        context.console.writeMessage("Nothing entered; nothing changed.", theme: context.theme, bodyStyle: .muted)
        return nil
    }

    /// A side remark: a hint in the REPL, `lyra: note: …` on stderr in a script.
    @MainActor
    static func note(_ text: String, context: CommandContext) {
        if context.isInteractive {
            hint("note: " + text, context: context)
        } else {
            context.console.writeErrorMessage("lyra: note: " + text)
        }
    }

    /// A hint (REPL only, not with -q), wrapped to the terminal's width as every hint is.
    @MainActor
    static func hint(_ text: String, context: CommandContext) {
        context.hint(text)
    }
}
