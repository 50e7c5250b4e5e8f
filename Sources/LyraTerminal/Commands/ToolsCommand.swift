// `/tools [--json]`, `/tools off|on` (SPEC §14): starts the configured MCP servers that are not
// running and lists them, their state and their tools; turns tools off or on for the run.
import Foundation
import LyraKit

/// Lists the MCP servers and their tools, or turns tools off or on.
public struct ToolsCommand: Command {
    public let name = "tools"
    public let summary = "list the MCP servers and their tools, or turn tools off or on"
    public let usage = "/tools [--json|off|on]"
    public let details = """
        /tools starts the MCP servers configured in config.json ("mcpServers") that are not running
        and lists each with its state and tools, named SERVER__TOOL as the model sees them; --json
        prints the same as one JSON object. off stops offering tools to the model; on offers them
        again. Calls run after a y or a at the card on a terminal; in scripts only the tools named by
        --allow-tool or "allowTools".
        """

    /// The command.
    public init() {}

    /// The words it takes.
    public func completions(arguments: [String], partial: String, data: CompletionData) -> [String] {
        arguments.isEmpty ? ["--json", "off", "on"] : []
    }

    /// Lists, or turns tools off or on.
    /// - Throws: `CommandError.usage` for another word; `StorageError` for a malformed config.json.
    @MainActor
    public func run(_ arguments: CommandArguments, context: CommandContext) async throws -> CommandResult {
        guard arguments.block == nil, arguments.words.count <= 1 else { throw CommandError.usage("usage: \(usage)") }
        let tools = context.services.tools
        switch arguments.texts.first?.lowercased() {
        case "off":
            tools.enabled = false
            context.hint("tools: off (the model is offered none)")
            return .proceed
        case "on":
            tools.enabled = true
            context.hint("tools: on")
            return .proceed
        case nil, "--json":
            break
        default:
            throw CommandError.usage("usage: \(usage)")
        }
        let json = arguments.texts.first == "--json"
        guard let toolbox = try tools.toolbox(context.services) else {
            if json {
                context.console.writeLine(#"{"enabled":\#(tools.enabled),"servers":[]}"#)
            } else {
                context.console.writeMessage("no MCP servers are configured (add \"mcpServers\" to config.json)")
            }
            return .proceed
        }
        let (_, problems) = await toolbox.prepare()
        for problem in problems { context.console.writeErrorMessage("lyra: \(problem)") }
        let statuses = await toolbox.statuses
        if json {
            context.console.writeLine(Self.json(statuses, enabled: tools.enabled))
        } else {
            for line in Self.lines(statuses, enabled: tools.enabled, theme: context.theme) { context.console.writeLine(line) }
        }
        return .proceed
    }

    /// The listing: one line per server, then its tools indented.
    static func lines(_ statuses: [MCPToolbox.ServerStatus], enabled: Bool, theme: Theme) -> [String] {
        var lines: [String] = []
        if !enabled { lines.append(theme.paint("tools are off (/tools on offers them again)", .warning)) }
        for status in statuses {
            let state = TextSanitizer.singleLine(status.state, limit: 200)
            lines.append("\(status.name)  " + theme.paint(status.isRunning ? "running · \(status.tools.count) tools" : state,
                                                         status.isRunning ? .success : .error))
            for tool in status.tools {
                let name = TextSanitizer.singleLine(status.name + MCPToolbox.separator + tool.name, limit: 120)
                let description = TextSanitizer.singleLine(tool.description, limit: 100)
                lines.append("  " + theme.paint(name, .code) + (description.isEmpty ? "" : "  " + theme.paint(description, .muted)))
            }
        }
        return lines
    }

    /// `{"enabled": BOOL, "servers": [{"name", "state", "tools": [{"name", "description"}]}]}` on one line.
    static func json(_ statuses: [MCPToolbox.ServerStatus], enabled: Bool) -> String {
        struct Tool: Encodable { var name: String; var description: String }
        struct Server: Encodable { var name: String; var state: String; var tools: [Tool] }
        struct Listing: Encodable { var enabled: Bool; var servers: [Server] }
        let listing = Listing(enabled: enabled, servers: statuses.map { status in
            Server(name: status.name, state: TextSanitizer.sanitize(status.state), tools: status.tools.map {
                Tool(name: status.name + MCPToolbox.separator + $0.name, description: TextSanitizer.sanitize($0.description))
            })
        })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(listing)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
