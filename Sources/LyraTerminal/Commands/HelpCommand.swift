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
        if let topic = arguments.texts.first {
            let key = topic.hasPrefix("/") ? String(topic.dropFirst()) : topic
            let command = try context.registry.resolve(key).command(typed: key)
            explain(command, context: context)
            return .proceed
        }
        list(context: context)
        if context.isInteractive && !context.quiet {
            writeToolCards(context: context)
            let hints = "Anything that does not start with / is a chat message. "
                + "\"\"\" starts a multi-line block. /help COMMAND shows details. "
                + "/settings shows your configuration."
                + (context.services.options.demo ? "" : " To try everything offline, run: lyra --demo")
            context.console.writeLine("")
            write(hints, style: .muted, context: context)
        }
        return .proceed
    }

    /// The details of one command; wrapped to the terminal in the REPL.
    @MainActor
    private func explain(_ command: any Command, context: CommandContext) {
        write(command.usage, style: .heading, context: context)
        write("  " + command.summary, style: nil, context: context)
        if !command.aliases.isEmpty {
            context.console.writeLine("  also: " + command.aliases.map { "/" + $0 }.joined(separator: ", "))
        }
        if !command.details.isEmpty {
            context.console.writeLine("")
            write(command.details, style: nil, context: context)
        }
    }

    /// One line per command; in the REPL a long summary wraps under itself.
    @MainActor
    private func list(context: CommandContext) {
        let theme = context.theme
        let labelWidth = (context.registry.commands.map { $0.name.count + 1 }.max() ?? 0) + 2
        let summaryWidth = context.isInteractive ? context.terminal.width - labelWidth : Int.max
        for command in context.registry.commands {
            let label = ("/" + command.name).padding(toLength: labelWidth, withPad: " ", startingAt: 0)
            guard summaryWidth < Int.max else {
                context.console.writeLine(theme.paint(label, .accent) + command.summary)
                continue
            }
            let lines = TextWrapper.wrap(command.summary, width: max(summaryWidth, 8))
            let indent = String(repeating: " ", count: labelWidth)
            for (index, line) in lines.enumerated() {
                context.console.writeLine((index == 0 ? theme.paint(label, .accent) : indent) + line)
            }
        }
    }

    /// `text` in `style`, wrapped to the terminal's width in the REPL, as it is in scripts.
    @MainActor
    private func write(_ text: String, style: Theme.Style?, context: CommandContext) {
        let lines = context.isInteractive ? TextWrapper.wrap(text, width: context.terminal.width) : [text]
        for line in lines {
            context.console.writeLine(style.map { context.theme.paint(line, $0) } ?? line)
        }
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
