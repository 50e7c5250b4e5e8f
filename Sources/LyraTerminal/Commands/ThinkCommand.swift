// `/think [off|low|medium|high|default|show|hide]` (SPEC §11): how hard a thinking model should think,
// and whether its reasoning is shown as it arrives or summarised in one line.
import Foundation
import LyraKit

/// Shows or sets the thinking level and the reasoning display.
public struct ThinkCommand: Command {
    public let name = "think"
    public let summary = "set how hard a thinking model thinks, or show its reasoning"
    public let usage = "/think [off|low|medium|high|default|show|hide]"
    public let details = """
        /think shows the level. off, low, medium and high ask the model for that effort
        (reasoning_effort, and for off also chat_template_kwargs.enable_thinking: false; a provider's
        "think" setting in config.json chooses which is sent); default asks for nothing. show streams
        the reasoning itself, muted, above the answer; hide goes back to the one-line summary.
        """

    /// The command.
    public init() {}

    /// The levels and display words.
    public func completions(arguments: [String], partial: String, data: CompletionData) -> [String] {
        arguments.isEmpty ? ThinkLevel.allCases.map(\.rawValue) + ["default", "show", "hide"] : []
    }

    /// Applies the word, or prints the state.
    /// - Throws: `CommandError.usage` for another word.
    @MainActor
    public func run(_ arguments: CommandArguments, context: CommandContext) async throws -> CommandResult {
        let thinking = context.services.thinking
        let chat = context.services.chatService()
        guard arguments.block == nil, arguments.words.count <= 1 else { throw CommandError.usage("usage: \(usage)") }
        guard let word = arguments.texts.first?.lowercased() else {
            let level = await thinking.effectiveLevel(in: chat)?.rawValue ?? "default"
            context.console.writeLine("thinking: \(level) · reasoning \(thinking.show ? "shown" : "summarised")")
            return .proceed
        }
        switch word {
        case "show": thinking.show = true
        case "hide": thinking.show = false
        default:
            let level: ThinkLevel?
            do {
                level = try ThinkLevel.parse(word)
            } catch {
                throw CommandError.usage(ErrorText.describe(error))
            }
            // Saved in the session; it now wins over --think for the rest of the run.
            try await chat.setThink(level?.rawValue)
            thinking.fromCommandLine = false
        }
        let level = await thinking.effectiveLevel(in: chat)?.rawValue ?? "default"
        context.hint("thinking: \(level) · reasoning \(thinking.show ? "shown" : "summarised")")
        return .proceed
    }
}
