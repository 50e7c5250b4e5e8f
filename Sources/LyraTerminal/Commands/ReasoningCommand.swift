// `/reasoning [N]` (SPEC §11): the saved reasoning of the last reply of the current session, or of
// the Nth from last; muted on a terminal, plain in a script.
import Foundation
import LyraKit

/// Prints a reply's saved reasoning.
public struct ReasoningCommand: Command {
    public let name = "reasoning"
    public let summary = "print the saved reasoning of the last (or Nth-from-last) reply"
    public let usage = "/reasoning [N]"
    public let details = """
        A thinking model's reasoning is saved with its reply but not shown in full (on a terminal a
        one-line summary stands for it). /reasoning prints that of the last reply; /reasoning 2 that
        of the reply before it.
        """

    /// The command.
    public init() {}

    /// Prints the reasoning.
    /// - Throws: `CommandError` for a bad N or a reply without reasoning.
    @MainActor
    public func run(_ arguments: CommandArguments, context: CommandContext) async throws -> CommandResult {
        guard arguments.block == nil, arguments.words.count <= 1 else { throw CommandError.usage("usage: \(usage)") }
        var number = 1
        if let word = arguments.texts.first {
            guard let value = Int(word), value >= 1 else {
                throw CommandError.usage("N counts replies back from the last, from 1 (got \(TextSanitizer.singleLine(word)))")
            }
            number = value
        }
        let replies = (await context.services.chatService().session?.messages ?? []).filter { $0.role == .assistant && !$0.removed }
        guard number <= replies.count else {
            throw CommandError.failed(replies.isEmpty ? "no reply yet in this session"
                : "this session has \(replies.count) repl\(replies.count == 1 ? "y" : "ies"); there is no reply \(number) back")
        }
        guard let reasoning = replies[replies.count - number].reasoning, !reasoning.isEmpty else {
            throw CommandError.failed("that reply has no saved reasoning")
        }
        let text = TextSanitizer.sanitize(reasoning).trimmingCharacters(in: .newlines)
        context.console.writeLine(context.isInteractive ? context.theme.paint(text, .muted) : text)
        return .proceed
    }
}
