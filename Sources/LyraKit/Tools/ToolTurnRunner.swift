// Tool use within one chat turn (SPEC §14): which tools are offered, and for each call the model
// makes, the user's decision (a card on a terminal, an allow list in scripts) and then the call
// itself, its result prepared for the model. The front end supplies the decision and the display.
import Foundation

/// What the user decided about one tool call.
public enum ToolDecision: Sendable, Equatable {
    /// Run it this once.
    case allow
    /// Run it, and every later call of this tool in this session, without asking.
    case allowAlways
    /// Do not run it.
    case deny
}

/// The answer to one tool call, as stored in the `tool` message and sent to the model.
public struct ToolCallOutcome: Sendable, Equatable {
    /// The result text (sanitised, capped), or an error text.
    public var content: String
    /// Whether the user allowed the call.
    public var allowed: Bool

    /// An outcome.
    public init(content: String, allowed: Bool) {
        self.content = content
        self.allowed = allowed
    }
}

/// Runs the tool calls of a turn; ``ChatService`` calls it between rounds.
public protocol ChatToolRunner: Sendable {
    /// The tools to offer on this turn (starting the servers that are not running).
    func toolsForTurn() async -> [OfferedTool]
    /// Decides and runs `call`; throws only `CancellationError` (Ctrl-C), every other failure is
    /// an error result.
    func run(_ call: ToolCall, offered: [OfferedTool]) async throws -> ToolCallOutcome
}

/// The standard runner: an MCP toolbox, an allow list, and a way to ask the user.
public struct ToolTurnRunner: ChatToolRunner {
    /// Asks the user about a call (on a terminal a card); nil: never ask (scripts: deny).
    public typealias Asker = @Sendable (ToolCall, OfferedTool) async -> ToolDecision

    private let toolbox: MCPToolbox
    private let allowList: ToolAllowList
    private let ask: Asker?
    private let report: @Sendable (String) -> Void
    private let shown: @Sendable (ToolCall, ToolCallOutcome) async -> Void

    /// A runner over `toolbox`; calls on `allowList` run without asking; others go to `ask` (nil:
    /// refused); `report` gets one line per server problem; `shown` each outcome once known.
    public init(toolbox: MCPToolbox, allowList: ToolAllowList, ask: Asker?,
                report: @escaping @Sendable (String) -> Void,
                shown: @escaping @Sendable (ToolCall, ToolCallOutcome) async -> Void = { _, _ in }) {
        self.toolbox = toolbox
        self.allowList = allowList
        self.ask = ask
        self.report = report
        self.shown = shown
    }

    public func toolsForTurn() async -> [OfferedTool] {
        let (tools, problems) = await toolbox.prepare()
        problems.forEach(report)
        return tools
    }

    public func run(_ call: ToolCall, offered: [OfferedTool]) async throws -> ToolCallOutcome {
        let outcome = try await decideAndRun(call, offered: offered)
        await shown(call, outcome)
        return outcome
    }

    private func decideAndRun(_ call: ToolCall, offered: [OfferedTool]) async throws -> ToolCallOutcome {
        guard let tool = offered.first(where: { $0.qualifiedName == call.name }) else {
            return ToolCallOutcome(content: "error: no tool named '\(TextSanitizer.singleLine(call.name, limit: 200))' is offered",
                                   allowed: false)
        }
        if !allowList.allows(call.name) {
            let decision = await ask?(call, tool) ?? .deny
            try Task.checkCancellation()
            switch decision {
            case .deny: return ToolCallOutcome(content: ToolResultText.refused, allowed: false)
            case .allowAlways: allowList.allowAlways(call.name)
            case .allow: break
            }
        }
        guard let arguments = JSONTree.parse(call.arguments.isEmpty ? "{}" : call.arguments), case .object = arguments else {
            return ToolCallOutcome(content: "error: the arguments are not a JSON object", allowed: true)
        }
        do {
            let result = try await toolbox.call(call.name, arguments: arguments)
            let text = ToolResultText.prepare(result.text)
            return ToolCallOutcome(content: result.isError ? "error: " + text : text, allowed: true)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            try Task.checkCancellation()
            report(ToolResultText.failure(error).dropFirst("error: ".count).description)
            return ToolCallOutcome(content: ToolResultText.failure(error), allowed: true)
        }
    }
}
