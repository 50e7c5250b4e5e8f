// Tool calls on the wire and on disk (SPEC §14): MCP's line framing, argument fragments keyed by
// index, whole calls in one chunk, made-up ids, the follow-up request's messages, results capped and
// sanitised, and toolCalls / tool messages stored and read back.
import Foundation
import LyraTestSupport
import Testing
@testable import LyraKit

@Suite struct ToolWireTests {
    @Test func framingSplitsLinesAnywhereSkipsBlankOnesAndRefusesAnOverlongLine() {
        var buffer = MCPLineBuffer(limit: 16)
        #expect(buffer.feed(Array("{\"a\":1}\n\n{\"b\"".utf8)) == [Array("{\"a\":1}".utf8)])
        #expect(buffer.feed(Array(":2}\r\n".utf8)) == [Array("{\"b\":2}".utf8)])
        #expect(buffer.feed(Array("0123456789abcdefg".utf8)).isEmpty)
        #expect(buffer.overflowed)
        #expect(buffer.feed(Array("\n{}\n".utf8)).isEmpty)
        #expect(MCPLineBuffer.frame(Array("{}".utf8)) == Array("{}\n".utf8))
    }

    private static func events(_ lines: [String]) throws -> [ChatStreamEvent] {
        var reader = OpenAIStreamReader()
        let stream = lines.map { "data: \($0)\n\n" }.joined() + "data: [DONE]\n\n"
        return try reader.feed(Array(stream.utf8)) + reader.finish()
    }

    private static func calls(_ events: [ChatStreamEvent]) -> [ToolCall] {
        for case .finished(let info) in events { return info.toolCalls }
        return []
    }

    @Test func fragmentsKeyedByIndexAreJoinedInOrder() throws {
        // llama.cpp's tool variant, as recorded in the peer kit's README, plus a second call interleaved.
        let events = try Self.events([
            #"{"choices":[{"index":0,"delta":{"role":"assistant","content":null}}]}"#,
            #"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"M9Gz","type":"function","function":{"name":"time__get_time","arguments":"{"}}]}}]}"#,
            #"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"id":"second","function":{"name":"time__other","arguments":""}}]}}]}"#,
            #"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"\"timezone\":"}}]}}]}"#,
            #"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":" \"UTC\"}"}}]}}]}"#,
            #"{"choices":[{"finish_reason":"tool_calls","index":0,"delta":{}}]}"#,
        ])
        #expect(Self.calls(events) == [ToolCall(id: "M9Gz", name: "time__get_time", arguments: #"{"timezone": "UTC"}"#),
                                       ToolCall(id: "second", name: "time__other", arguments: "{}")])
        guard case .finished(let info)? = events.last else { Issue.record("no end"); return }
        #expect(info.finishReason == "tool_calls")
    }

    @Test func wholeCallsInOneChunkWithoutIdsGetMadeUpIds() throws {
        // Ollama: each call whole in one chunk, arguments possibly an object, no index, no id.
        let events = try Self.events([
            #"{"choices":[{"delta":{"tool_calls":[{"function":{"name":"a__one","arguments":{"x":1}}},{"function":{"name":"a__two","arguments":"{}"}}]}}]}"#,
            #"{"choices":[{"finish_reason":"tool_calls","delta":{}}]}"#,
        ])
        let calls = Self.calls(events)
        #expect(calls.map(\.name) == ["a__one", "a__two"])
        #expect(calls.map(\.arguments) == [#"{"x":1}"#, "{}"])
        #expect(calls.allSatisfy { $0.id.hasPrefix("call_") && $0.id.count > 10 })
        #expect(Set(calls.map(\.id)).count == 2)
    }

    @Test func theFollowUpRequestCarriesTheToolsTheCallAndItsResult() throws {
        let provider = OpenAIChatProvider(definition: ProviderDefinition(
            name: "openai", kind: .openai, baseURL: URL(string: "http://127.0.0.1:9/v1"), apiKey: nil,
            apiKeyVariable: "OPENAI_API_KEY"))
        var request = ChatProviderRequest(model: "m", system: nil, history: [], message: "time?", conversationID: "c")
        request.tools = [OfferedTool(server: "time", tool: MCPTool(
            name: "get_time", description: "Gets the time",
            inputSchema: .object(["type": .string("object"), "required": .array([.string("timezone")])])))]
        var asking = ChatMessage(role: .assistant, content: "", createdAt: Date())
        asking.toolCalls = [ToolCall(id: "call_1", name: "time__get_time", arguments: #"{"timezone":"UTC"}"#)]
        var result = ChatMessage(role: .tool, content: "12:00", createdAt: Date())
        result.toolCallId = "call_1"
        result.allowed = true
        request.toolRounds = [asking, result]
        let http = try provider.chatRequest(for: request)
        guard case .bytes(let body) = http.body else { Issue.record("no body"); return }
        let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let tools = try #require(object["tools"] as? [[String: Any]])
        let function = try #require(tools.first?["function"] as? [String: Any])
        #expect(tools.first?["type"] as? String == "function")
        #expect(function["name"] as? String == "time__get_time")
        #expect((function["parameters"] as? [String: Any])?["required"] as? [String] == ["timezone"])
        let messages = try #require(object["messages"] as? [[String: Any]])
        #expect(messages.map { $0["role"] as? String } == ["user", "assistant", "tool"])
        #expect(messages[1]["content"] as? String == "")
        let call = try #require((messages[1]["tool_calls"] as? [[String: Any]])?.first)
        #expect(call["id"] as? String == "call_1" && call["type"] as? String == "function")
        #expect((call["function"] as? [String: Any])?["arguments"] as? String == #"{"timezone":"UTC"}"#)
        #expect(messages[2]["tool_call_id"] as? String == "call_1" && messages[2]["content"] as? String == "12:00")
        #expect(messages[2]["allowed"] == nil)
    }

    @Test func resultsAreSanitisedAndCutAtACharacterBoundaryWithANote() {
        #expect(ToolResultText.prepare("a\u{1B}[31mred\u{1B}[0m b") == "ared b")
        let text = "é" + String(repeating: "x", count: 70_000)
        let prepared = ToolResultText.prepare(text, limit: 65_536)
        #expect(prepared.split(separator: "\n").first?.utf8.count == 65_536)
        #expect(prepared.hasSuffix("[the result was cut: 70002 bytes, the first 65536 sent]"))
        #expect(ToolResultText.prepare("ééé", limit: 3).hasPrefix("é\n"))
    }

    @Test func toolCallsAndToolMessagesAreStoredAndReadBack() throws {
        var asking = ChatMessage(id: "a", role: .assistant, content: "", createdAt: Date(timeIntervalSince1970: 1))
        asking.toolCalls = [ToolCall(id: "call_1", name: "time__get_time", arguments: "{\"timezone\":\"UTC\"}")]
        var result = ChatMessage(id: "t", role: .tool, content: "12:00\u{1B}", createdAt: Date(timeIntervalSince1970: 2))
        result.toolCallId = "call_1"
        result.allowed = false
        let session = ChatSession(id: "S", title: "t", chatID: "c", createdAt: Date(timeIntervalSince1970: 0),
                                  messages: [asking, result])
        let bytes = SessionFileWriter.bytes(of: session)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(#""toolCalls": ["#) && text.contains(#""toolCallId": "call_1""#) && text.contains(#""allowed": false"#))
        let read = try SessionFileReader.session(from: bytes)
        #expect(read.messages == session.messages)
        #expect(read.messages[0].toolCalls?.first?.arguments == "{\"timezone\":\"UTC\"}")
    }

    @Test func theHistoryKeepsToolRoundsButDropsThoseOfAFailedTurn() {
        func message(_ role: ChatRole, _ id: String, failed: Bool? = nil, calls: Bool = false) -> ChatMessage {
            var message = ChatMessage(id: id, role: role, content: id, createdAt: Date(), failed: failed)
            if calls { message.toolCalls = [ToolCall(id: "c\(id)", name: "s__t", arguments: "{}")] }
            return message
        }
        let session = ChatSession(id: "S", title: "t", chatID: "c", createdAt: Date(), messages: [
            message(.user, "u1", failed: false), message(.assistant, "a1", calls: true), message(.tool, "t1"),
            message(.assistant, "r1"),
            message(.user, "u2", failed: true), message(.assistant, "a2", calls: true), message(.tool, "t2"),
            message(.user, "u3", failed: false),
        ])
        #expect(ChatHistory.messages(before: "u3", in: session, limit: 0).map(\.id) == ["u1", "a1", "t1", "r1"])
        #expect(ChatHistory.messages(before: "u3", in: session, limit: 2).map(\.id) == ["r1"])
    }
}
