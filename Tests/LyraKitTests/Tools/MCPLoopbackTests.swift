// The MCP client against a scripted server (Fixtures/mcp/scripted_server.py) over real pipes: the
// handshake and paginated tool list, and every failure SPEC §14 names — a server that never answers
// (reported within the time allowed, the rest goes on), one that exits at once, a huge result,
// escape bytes in a result, a tool the server does not know — and a clean environment.
import Foundation
import LyraTestSupport
import Synchronization
import Testing
@testable import LyraKit

@Suite struct MCPLoopbackTests {
    static let python = "/usr/bin/python3"

    private static func toolbox(_ mode: String, directory: URL, timeout: Duration = .seconds(10),
                                env: [String: String] = [:]) -> MCPToolbox {
        let server = MCPServerConfiguration(name: "s", command: python,
                                            args: [Fixtures.url("mcp/scripted_server.py").path, mode], env: env)
        let parent = ["PATH": "/usr/bin:/bin", "HOME": directory.path, "LANG": "C.UTF-8",
                      "LYRA_TOKEN": "secret-token-123", "OPENAI_API_KEY": "sk-secret-456"]
        return MCPToolbox(configurations: [server], parentEnvironment: parent,
                          logDirectory: directory.appending(path: "mcp"), timeout: timeout)
    }

    @Test func theHandshakeListsEveryPageOfToolsAndCallsOne() async throws {
        try await withTemporaryDirectory { directory in
            let toolbox = Self.toolbox("normal", directory: directory)
            let (tools, problems) = await toolbox.prepare()
            #expect(problems.isEmpty)
            #expect(tools.map(\.qualifiedName) == ["s__echo", "s__env", "s__huge", "s__escape", "s__silent", "s__missing"])
            let result = try await toolbox.call("s__echo", arguments: .object(["text": .string("hi")]))
            #expect(result == MCPToolResult(text: #"{"text": "hi"}"#, isError: false))
            let log = try String(contentsOf: directory.appending(path: "mcp/s.log"), encoding: .utf8)
            #expect(log.contains("scripted server started"))
            await toolbox.stopAll()
        }
    }

    @Test func theServerGetsOnlyItsEnvAndPathHomeLang() async throws {
        try await withTemporaryDirectory { directory in
            let toolbox = Self.toolbox("normal", directory: directory, env: ["TZ": "UTC"])
            _ = await toolbox.prepare()
            let result = try await toolbox.call("s__env", arguments: .object([:]))
            let environment = try #require(JSONTree.parse(result.text))
            guard case .object(let variables) = environment else { Issue.record("not an object"); return }
            #expect(Set(variables.keys).subtracting(["LC_CTYPE"]) == ["PATH", "HOME", "LANG", "TZ"])
            #expect(!result.text.contains("secret-token-123") && !result.text.contains("sk-secret-456"))
            await toolbox.stopAll()
        }
    }

    @Test func aCallNeverAnsweredFailsWithinTheTimeoutAndTheServerStillAnswers() async throws {
        try await withTemporaryDirectory { directory in
            let toolbox = Self.toolbox("normal", directory: directory, timeout: .seconds(2))
            _ = await toolbox.prepare()
            await #expect(throws: MCPError.timedOut(server: "s", what: "tools/call", seconds: 2)) {
                try await toolbox.call("s__silent", arguments: .object([:]))
            }
            let after = try await toolbox.call("s__echo", arguments: .object(["text": .string("still here")]))
            #expect(after.text == #"{"text": "still here"}"#)
            await toolbox.stopAll()
        }
    }

    @Test func aServerThatNeverAnswersIsReportedAndLeftOut() async throws {
        try await withTemporaryDirectory { directory in
            let toolbox = Self.toolbox("mute", directory: directory, timeout: .seconds(2))
            let (tools, problems) = await toolbox.prepare()
            #expect(tools.isEmpty)
            #expect(problems == ["MCP server 's' did not answer initialize in 2 s; its tools are left out of this turn"])
            let statuses = await toolbox.statuses
            #expect(statuses.map(\.isRunning) == [false])
        }
    }

    @Test func aServerThatExitsAtOnceIsReportedAndTriedAgainNextTurn() async throws {
        try await withTemporaryDirectory { directory in
            let pids = directory.appending(path: "pids").path
            let server = MCPServerConfiguration(name: "s", command: Self.python,
                                                args: [Fixtures.url("mcp/scripted_server.py").path, "exit", pids])
            let toolbox = MCPToolbox(configurations: [server], parentEnvironment: ["PATH": "/usr/bin:/bin"],
                                     logDirectory: directory.appending(path: "mcp"))
            let first = await toolbox.prepare()
            #expect(first.tools.isEmpty && first.problems == ["MCP server 's' exited; its tools are left out of this turn"])
            let second = await toolbox.prepare()
            #expect(second.problems.count == 1)
            let started = try String(contentsOfFile: pids, encoding: .utf8).split(separator: "\n")
            #expect(started.count == 2)
        }
    }

    @Test func aMissingProgramIsReported() async throws {
        try await withTemporaryDirectory { directory in
            let server = MCPServerConfiguration(name: "gone", command: "no-such-mcp-server-xyz")
            let toolbox = MCPToolbox(configurations: [server], parentEnvironment: ["PATH": "/usr/bin:/bin"],
                                     logDirectory: directory)
            let (_, problems) = await toolbox.prepare()
            #expect(problems == ["MCP server 'gone' could not start: no-such-mcp-server-xyz: command not found; "
                + "its tools are left out of this turn"])
        }
    }

    @Test func hugeAndEscapingResultsAreCappedAndSanitisedAndAnUnknownToolIsAnErrorResult() async throws {
        try await withTemporaryDirectory { directory in
            let toolbox = Self.toolbox("normal", directory: directory)
            let runner = ToolTurnRunner(toolbox: toolbox, allowList: ToolAllowList(["s__*"]), ask: nil, report: { _ in })
            let offered = await runner.toolsForTurn()
            let huge = try await runner.run(ToolCall(id: "1", name: "s__huge", arguments: "{}"), offered: offered)
            #expect(huge.allowed && huge.content.utf8.count < 66_000)
            #expect(huge.content.hasSuffix("[the result was cut: 200000 bytes, the first 65536 sent]"))
            let escape = try await runner.run(ToolCall(id: "2", name: "s__escape", arguments: "{}"), offered: offered)
            #expect(escape.content == "before red  after")
            let missing = try await runner.run(ToolCall(id: "3", name: "s__missing", arguments: "{}"), offered: offered)
            #expect(missing.content == "error: MCP server 's' answered error -32602: Unknown tool: missing")
            let unoffered = try await runner.run(ToolCall(id: "4", name: "s__nothing", arguments: "{}"), offered: offered)
            #expect(unoffered == ToolCallOutcome(content: "error: no tool named 's__nothing' is offered", allowed: false))
            await toolbox.stopAll()
        }
    }

    @Test func callsNotAllowedAreRefusedUnlessTheUserSaysYesOrAlways() async throws {
        try await withTemporaryDirectory { directory in
            let toolbox = Self.toolbox("normal", directory: directory)
            let answers = AnswerQueue([.deny, .allowAlways])
            let runner = ToolTurnRunner(toolbox: toolbox, allowList: ToolAllowList([]), ask: { _, _ in answers.next() },
                                        report: { _ in })
            let offered = await runner.toolsForTurn()
            let call = ToolCall(id: "1", name: "s__echo", arguments: #"{"text":"x"}"#)
            let refused = try await runner.run(call, offered: offered)
            #expect(refused == ToolCallOutcome(content: ToolResultText.refused, allowed: false))
            let always = try await runner.run(call, offered: offered)
            let again = try await runner.run(call, offered: offered)   // `a`: not asked again
            #expect(always.allowed && again.allowed && again.content == #"{"text": "x"}"#)
            #expect(answers.asked == 2)
            await toolbox.stopAll()
        }
    }
}

/// Decisions handed out in order, counting the questions.
final class AnswerQueue: Sendable {
    private let state: Mutex<(answers: [ToolDecision], asked: Int)>
    init(_ answers: [ToolDecision]) { state = Mutex((answers, 0)) }
    func next() -> ToolDecision {
        state.withLock { state in
            state.asked += 1
            return state.answers.isEmpty ? .deny : state.answers.removeFirst()
        }
    }
    var asked: Int { state.withLock { $0.asked } }
}
