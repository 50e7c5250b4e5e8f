// Reasoning in the three wire forms of SPEC §11 as the stream reader and a chat turn see them:
// `reasoning_content`, `reasoning`, `<think>` tags in the content; streamed and whole. The answer is
// saved without tags, and the next request carries no reasoning.
import Foundation
import Synchronization
import LyraTestSupport
import Testing
@testable import LyraKit

@Suite struct ReasoningWireTests {
    private static func events(_ text: String) throws -> [ChatStreamEvent] {
        var reader = OpenAIStreamReader()
        return try reader.feed(Array(text.utf8)) + reader.finish()
    }

    @Test func reasoningFieldsBecomeReasoningEvents() throws {
        let stream = #"data: {"choices":[{"delta":{"role":"assistant","content":null}}]}"# + "\n\n"
            + #"data: {"choices":[{"delta":{"reasoning_content":"Let"}}]}"# + "\n\n"
            + #"data: {"choices":[{"delta":{"reasoning":" me"}}]}"# + "\n\n"
            + #"data: {"choices":[{"delta":{"content":"The answer."}}]}"# + "\n\n"
            + "data: [DONE]\n\n"
        #expect(try Self.events(stream) == [.reasoning("Let"), .reasoning(" me"), .text("The answer."),
                                            .finished(ChatCompletionInfo())])
    }

    @Test func aWholeAnswerCarriesItsReasoning() throws {
        let body = #"{"choices":[{"message":{"role":"assistant","content":"The answer.","reasoning_content":"Hmm."},"finish_reason":"stop"}]}"#
        #expect(try OpenAIStreamReader.events(fromCompletion: Data(body.utf8))
            == [.reasoning("Hmm."), .text("The answer."), .finished(ChatCompletionInfo(finishReason: "stop"))])
    }

    @Test func aTurnKeepsThinkTagsOutOfTheAnswerAndTheNextRequest() async throws {
        try await withTemporaryDirectory { directory in
            let provider = ScriptedChatProvider([
                .init(events: [.text("<thi"), .text("nk>\nplan</th"), .text("ink>\n\nThe answer."), .finished(.init())]),
                .init(events: [.reasoning("again"), .text("Second."), .finished(.init())]),
            ])
            let service = ChatService(store: SessionStore(directory: directory),
                                      clock: FakeClock(start: 1_795_946_400, stepPerReading: 1.007))
            let shown = Mutex<[String]>([])
            let thought = Mutex<[String]>([])
            let options = ChatTurnOptions(provider: provider, onText: { piece in shown.withLock { $0.append(piece) } },
                                          onReasoning: { piece in thought.withLock { $0.append(piece) } })
            let turn = try await service.send("first", options: options)
            #expect(turn.reply.content == "The answer.")
            #expect(shown.withLock { $0.joined() } == "The answer.")
            #expect(thought.withLock { $0.joined() } == "plan")
            _ = try await service.send("second", options: options)
            let second = try #require(provider.requests.last)
            #expect(second.history.map(\.content) == ["first", "The answer."])
        }
    }
}

/// The thinking level in the request body (SPEC §11 "Control").
@Suite struct ThinkLevelRequestTests {
    private func body(_ level: ThinkLevel?, control: ThinkControl = .both) throws -> [String: Any] {
        let provider = OpenAIChatProvider(definition: ProviderDefinition(
            name: "work", kind: .openai, baseURL: URL(string: "http://127.0.0.1:9/v1/"), apiKey: nil,
            apiKeyVariable: "LYRA_API_KEY_WORK", think: control))
        let request = try provider.chatRequest(for: ChatProviderRequest(
            model: "m", system: nil, history: [], message: "hi", conversationID: "c", think: level))
        guard case .bytes(let bytes) = request.body else { throw ProviderError.invalidResponse("no body") }
        return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    @Test func offSendsBothFieldsAndDefaultSendsNeither() throws {
        let off = try body(.off)
        #expect(off["reasoning_effort"] as? String == "none")
        #expect((off["chat_template_kwargs"] as? [String: Any])?["enable_thinking"] as? Bool == false)
        let none = try body(nil)
        #expect(none["reasoning_effort"] == nil && none["chat_template_kwargs"] == nil)
        #expect(try body(.high)["reasoning_effort"] as? String == "high")
        #expect(try body(.high)["chat_template_kwargs"] == nil)
    }

    @Test func aProviderChoosesWhichFieldsItTakes() throws {
        #expect(try body(.off, control: .effort)["chat_template_kwargs"] == nil)
        #expect(try body(.off, control: .template)["reasoning_effort"] == nil)
        #expect(try body(.low, control: .template).isEmpty == false)
        #expect(try body(.low, control: .none)["reasoning_effort"] == nil)
        #expect(try ThinkLevel.parse("DEFAULT") == nil)
        #expect(throws: ThinkLevel.Unknown.self) { try ThinkLevel.parse("max") }
    }
}
