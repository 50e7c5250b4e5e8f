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
            writeToolCards(context: context)
            let hints = "Anything that does not start with / is a chat message. "
                + "\"\"\" starts a multi-line block. /help COMMAND shows details. "
                + "/settings shows your configuration; `lyra --demo` tries everything offline."
            context.console.writeLine("")
            for line in TextWrapper.wrap(hints, width: context.terminal.width) {
                context.console.writeLine(theme.paint(line, .muted))
            }
        }
        return .proceed
    }

    // MARK: - Tool cards

    /// The tools presented as cards on a terminal (the app's home screen): command name, title, summary.
    static let tools: [(command: String, title: String, summary: String)] = [
        ("improve", "Improve writing", "Improve, rewrite, fix grammar, shorten or translate any text."),
        ("video", "Photo to video", "Turn 1–3 photos into a short video from a template, then save it."),
        ("subscribe", "Lyra Premium", "See the plans with their weekly price, buy or restore."),
    ]

    /// One card per tool whose command is registered, each under the last, no wider than the terminal.
    @MainActor
    private func writeToolCards(context: CommandContext) {
        let width = context.terminal.width
        for tool in Self.tools {
            guard let command = context.registry.command(named: tool.command) else { continue }
            let usage = command.usage.split(separator: "\n").first.map(String.init) ?? "/" + tool.command
            context.console.writeLine("")
            context.console.writeLine(ToolCard.render(
                title: tool.title, summary: tool.summary, command: usage, width: width, theme: context.theme))
        }
    }
}
