// Tools for one run (SPEC §14): the MCP toolbox made from config.json's `mcpServers` on first use,
// the allow list (`--allow-tool`, `allowTools`, answers of `a`), and `/tools off|on`.
import Foundation
import LyraKit

/// The tool state of one run.
@MainActor
final class ToolSession {
    /// The run's MCP servers; nil until first needed (or when none is configured).
    private var builtToolbox: MCPToolbox?
    private var loaded = false
    /// Calls that run without asking.
    private(set) var allowList = ToolAllowList([])
    /// Whether tools are offered (`/tools off` turns them off).
    var enabled = true

    /// The toolbox for `services`' configuration; nil when no server is configured.
    /// - Throws: `StorageError` when config.json's tool members are malformed.
    func toolbox(_ services: AppServices) throws -> MCPToolbox? {
        if loaded { return builtToolbox }
        let configuration = try ConfigFile(directories: services.directories).readTools()
        allowList = ToolAllowList(configuration.allowTools + services.options.allowTools)
        loaded = true
        guard !configuration.servers.isEmpty else { return nil }
        // LYRA_MCP_TIMEOUT (seconds, 1–3600): how long an answer is awaited; 10 by default (SPEC §14).
        let seconds = services.environment["LYRA_MCP_TIMEOUT"].flatMap(Int.init).map { min(max($0, 1), 3600) } ?? 10
        builtToolbox = MCPToolbox(
            configurations: configuration.servers, parentEnvironment: services.environment,
            logDirectory: services.directories.stateDirectory.appending(path: "mcp", directoryHint: .isDirectory),
            timeout: .seconds(seconds))
        return builtToolbox
    }

    /// Stops the servers (on the way out).
    func stop() async {
        await builtToolbox?.stopAll()
    }
}

extension AppServices {
    /// The tool runner for a turn answered by `provider`: only OpenAI-compatible providers get tools,
    /// only when servers are configured and tools are on. On a terminal each call is asked about
    /// with a card; in scripts calls not allowed are refused (and said so on stderr).
    func toolRunner(for provider: any ChatProvider, context: CommandContext,
                    pump: ReplyStreamPump?,
                    events: (@Sendable (ToolCall, ToolCallOutcome) -> Void)? = nil) throws -> (any ChatToolRunner)? {
        guard provider is OpenAIChatProvider, tools.enabled, let toolbox = try tools.toolbox(self) else { return nil }
        let interactive = context.isInteractive
        let console = context.console
        let theme = context.theme
        let width = context.terminal.width
        let prefix = context.lineNumber > 0 ? "lyra: line \(context.lineNumber): " : "lyra: "
        var ask: ToolTurnRunner.Asker?
        if interactive {
            ask = { @Sendable (call: ToolCall, tool: OfferedTool) async -> ToolDecision in
                let card = ToolCallCard.asking(call, server: tool.server, tool: tool.tool.name, theme: theme, width: width)
                await pump?.interject(card)
                return await ToolKeyPrompt.decide(console: console)
            }
        }
        return ToolTurnRunner(
            toolbox: toolbox, allowList: tools.allowList, ask: ask,
            report: { problem in
                console.writeErrorMessage(interactive ? "lyra: \(problem)" : prefix + problem)
            },
            shown: { call, outcome in
                events?(call, outcome)
                if interactive {
                    await pump?.interject(ToolCallCard.result(call, outcome: outcome, theme: theme, width: width))
                } else if !outcome.allowed {
                    console.writeErrorMessage(prefix + "the tool call \(TextSanitizer.singleLine(call.name, limit: 120)) "
                        + "was refused (allow it with --allow-tool \(TextSanitizer.singleLine(call.name, limit: 120)))")
                }
            })
    }
}
