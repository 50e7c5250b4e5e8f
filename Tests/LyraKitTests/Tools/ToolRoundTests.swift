// Tool rounds within one chat turn (SPEC §14): each round's assistant message and results are saved
// in order after the prompt and sent in the next request; the reply goes after the last; more than
// 10 rounds fail the turn (11 requests at most) with the prompt kept as failed.
import Foundation
import Testing
@testable import LyraKit

@Suite struct ToolRoundTests {
    private static let tool = OfferedTool(server: "s", tool: MCPTool(name: "t", description: "", inputSchema: .object([:])))

    /// Runs every call with the result `ran CALL-ID`, counting them.
    private struct CountingRunner: ChatToolRunner {
        func toolsForTurn() async -> [OfferedTool] { [ToolRoundTests.tool] }
        func run(_ call: ToolCall, offered: [OfferedTool]) async throws -> ToolCallOutcome {
            ToolCallOutcome(content: "ran \(call.id)", allowed: true)
        }
    }

    private static func asking(_ id: String) -> ScriptedChatProvider.Reply {
        var info = ChatCompletionInfo(finishReason: "tool_calls")
        info.toolCalls = [ToolCall(id: id, name: "s__t", arguments: "{}")]
        return ScriptedChatProvider.Reply(events: [.finished(info)])
    }

    @Test func roundsAreSavedInOrderAndSentBack() async throws {
        try await withTemporaryDirectory { directory in
            let service = ChatService(store: SessionStore(directory: directory))
            let provider = ScriptedChatProvider([Self.asking("c1"), Self.asking("c2"),
                                                 .init(events: [.text("done"), .finished(ChatCompletionInfo(finishReason: "stop"))])])
            var options = ChatTurnOptions(provider: provider, model: ModelReference(provider: "openai", model: "m"))
            options.tools = CountingRunner()
            let turn = try await service.send("go", options: options)
            #expect(turn.reply.content == "done")
            let stored = try #require(await service.session).messages
            #expect(stored.map(\.role) == [.user, .assistant, .tool, .assistant, .tool, .assistant])
            #expect(stored.map(\.content) == ["go", "", "ran c1", "", "ran c2", "done"])
            #expect(stored[2].toolCallId == "c1" && stored[4].toolCallId == "c2" && stored[4].allowed == true)
            #expect(stored[0].failed == false)
            let requests = provider.requests
            #expect(requests.count == 3)
            #expect(requests.map(\.toolRounds.count) == [0, 2, 4])
            #expect(requests[2].toolRounds.map(\.content) == ["", "ran c1", "", "ran c2"])
            #expect(requests.allSatisfy { $0.tools.map(\.qualifiedName) == ["s__t"] })
        }
    }

    @Test func moreThanTenRoundsFailTheTurn() async throws {
        try await withTemporaryDirectory { directory in
            let service = ChatService(store: SessionStore(directory: directory))
            let provider = ScriptedChatProvider((1...11).map { Self.asking("c\($0)") })
            var options = ChatTurnOptions(provider: provider, model: ModelReference(provider: "openai", model: "m"))
            options.tools = CountingRunner()
            await #expect(throws: ToolUseError.tooManyRounds) { try await service.send("go", options: options) }
            #expect(provider.requests.count == 11)
            let stored = try #require(await service.session).messages
            #expect(stored.first?.failed == true)
            #expect(stored.filter { $0.role == .tool }.count == 10)
        }
    }

    @Test func withoutARunnerToolCallsAreNotRun() async throws {
        try await withTemporaryDirectory { directory in
            let service = ChatService(store: SessionStore(directory: directory))
            let provider = ScriptedChatProvider([Self.asking("c1")])
            let turn = try await service.send("go", options: ChatTurnOptions(provider: provider))
            #expect(turn.reply.finishReason == "tool_calls")
            #expect(provider.requests.count == 1 && provider.requests[0].tools.isEmpty)
        }
    }
}
