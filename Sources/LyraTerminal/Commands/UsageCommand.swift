// `/usage [--today | --session REF | --model M] [--json]` (SPEC §12): the tokens saved on replies,
// per model, with their cost where config.json prices the model (`models.M.price`, per million tokens).
import Foundation
import LyraKit

/// Totals the saved usage.
public struct UsageCommand: Command {
    public let name = "usage"
    public let summary = "tokens used per model, and their cost where prices are configured"
    public let usage = "/usage [--today | --session REF | --model M] [--json]"
    public let details = """
        Adds up the usage the servers reported for every saved reply: prompt, completion and
        reasoning tokens and replies, per model. --today counts replies since midnight, --session
        one session, --model one model (PROVIDER:MODEL or the bare model). Costs need a price in
        config.json: {"models": {"MODEL": {"price": {"input": 0.15, "output": 0.60}}}} in US dollars
        per million tokens. --json prints {"models": [...], "total": {...}}.
        """

    /// The command.
    public init() {}

    public func completions(arguments: [String], partial: String, data: CompletionData) -> [String] {
        if arguments.last == "--session" { return data.names(.sessionTitles) }
        if arguments.last == "--model" { return data.names(.modelIDs) }
        return ["--today", "--session", "--model", "--json"]
    }

    /// Prints the report.
    /// - Throws: `CommandError.usage` for bad options, session and storage errors.
    @MainActor
    public func run(_ arguments: CommandArguments, context: CommandContext) async throws -> CommandResult {
        var arguments = arguments
        let json = arguments.takeFlag("--json")
        var filter = UsageFilter()
        if arguments.takeFlag("--today") { filter.since = Calendar.current.startOfDay(for: Date()) }
        let chat = context.services.chatService()
        if let reference = try arguments.takeOption("--session") {
            filter.sessionID = try await SessionsCommand.resolve(reference, context: context).id
        }
        filter.model = try arguments.takeOption("--model")
        guard arguments.words.isEmpty, arguments.block == nil else { throw CommandError.usage("usage: \(usage)") }
        let models = (try? context.services.configuration().models) ?? [:]
        let report = try await chat.usageReport(filter) { model in
            models[model]?.price ?? model.split(separator: ":", maxSplits: 1).last.flatMap { models[String($0)]?.price }
        }
        context.console.write(json ? try UsageText.json(report) : UsageText.table(report, theme: context.theme,
                                                                                    styled: context.isInteractive))
        return .proceed
    }
}
