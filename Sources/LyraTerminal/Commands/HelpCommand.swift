// `/help [COMMAND]`: every command on one line, or the details of one.
import Foundation

/// Lists the commands, or explains one.
public struct HelpCommand: Command {
    public let name = "help"
    public let summary = "list commands, or explain one"
    public let usage = "/help [COMMAND]"

    /// The help command.
    public init() {}

    public func completions(arguments: [String], partial: String, data: CompletionData) -> [String] {
        arguments.isEmpty ? data.names(.commandNames) : []
    }

    @MainActor
    public func run(_ arguments: CommandArguments, context: CommandContext) async throws -> CommandResult {
        let theme = context.theme
        if let topic = arguments.texts.first {
            let key = topic.hasPrefix("/") ? String(topic.dropFirst()) : topic
            guard let command = context.registry.command(named: key) else { throw CommandError.unknownCommand(key) }
            context.console.writeLine(theme.paint(command.usage, .heading))
            context.console.writeLine("  " + command.summary)
            if !command.aliases.isEmpty {
                context.console.writeLine("  also: " + command.aliases.map { "/" + $0 }.joined(separator: ", "))
            }
            if !command.details.isEmpty { context.console.writeLine("\n" + command.details) }
            return .proceed
        }
        let width = context.registry.commands.map { $0.name.count + 1 }.max() ?? 0
        for command in context.registry.commands {
            let label = ("/" + command.name).padding(toLength: width + 2, withPad: " ", startingAt: 0)
            context.console.writeLine(theme.paint(label, .accent) + command.summary)
        }
        if context.isInteractive && !context.quiet {
            context.console.writeLine(theme.paint("\nAnything that does not start with / is a chat message. "
                + "\"\"\" starts a multi-line block. /help COMMAND shows details.", .muted))
        }
        return .proceed
    }
}
