// `/compact [KEEP]` (SPEC §12): the current model summarises the session but its last KEEP messages
// (default 4); the summary replaces them in later requests, and everything stays in the file.
import Foundation
import LyraKit

/// Summarises the older part of the current session.
public struct CompactCommand: Command {
    public let name = "compact"
    public let summary = "summarise older messages to make room in the context window"
    public let usage = "/compact [KEEP]"
    public let details = """
        The current model summarises every message of the session but the last KEEP (default 4).
        The summary is saved as a message of its own (role "summary") and sent, as a system message
        after the system prompt, instead of the messages it stands for; those stay in the session
        file marked "compacted" and /sessions show still shows them. Compact again later and the
        old summary is summarised with the rest.
        """

    /// How many messages are kept as they are when no KEEP is given.
    public static let defaultKeep = 4

    /// The command.
    public init() {}

    /// Summarises and reports what was done.
    /// - Throws: `CommandError` for a bad KEEP or the app backend, `CompactError`, provider errors.
    @MainActor
    public func run(_ arguments: CommandArguments, context: CommandContext) async throws -> CommandResult {
        guard arguments.block == nil, arguments.words.count <= 1 else { throw CommandError.usage("usage: \(usage)") }
        var keep = Self.defaultKeep
        if let word = arguments.texts.first {
            guard let value = Int(word), value >= 0 else {
                throw CommandError.usage("KEEP is a number of messages, 0 or more (got \(TextSanitizer.singleLine(word)))")
            }
            keep = value
        }
        let route = try await context.services.chatRoute()
        guard !route.provider.keepsHistoryServerSide else {
            throw CommandError.failed("/compact needs a model provider: the app backend keeps the conversation itself")
        }
        let chat = context.services.chatService()
        var options = ChatTurnOptions(provider: route.provider, model: route.model,
                                      think: await context.services.thinking.effectiveLevel(in: chat))
        options.startsInsideThinking = route.thinkOpen
        let window = await context.services.contextWindowPlan(for: route.model)
        options.contextTokens = window.budget
        options.contextWindow = window.known?.tokens
        let spinner = context.makeSpinner()
        spinner.start("summarising")
        let result: CompactResult
        do {
            result = try await chat.compact(keep: keep, options: options)
            spinner.stop()
        } catch {
            spinner.stop()
            throw error
        }
        let tokens = TokenCount.short(result.summary.tokens ?? TokenCount.estimate(result.summary.content))
        var line = "compacted \(result.compacted) message\(result.compacted == 1 ? "" : "s") into a summary "
            + "(\(tokens) tokens); the last \(result.kept) are sent as they are"
        if result.unread > 0 { line += " (the oldest \(result.unread) did not fit the window and were not read)" }
        context.console.writeMessage(line, theme: context.theme, bodyStyle: context.isInteractive ? .muted : nil)
        return .proceed
    }

    public func completions(arguments: [String], partial: String, data: CompletionData) -> [String] { [] }
}
