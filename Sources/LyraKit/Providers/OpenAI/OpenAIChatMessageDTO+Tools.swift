// A stored message on the OpenAI wire: its text, and for tool use (SPEC §14) an assistant
// message's `tool_calls` or a `tool` message's `tool_call_id`.
import Foundation

extension OpenAIChatMessageDTO {
    /// `message` as sent to an OpenAI-compatible server. An assistant message with tool calls
    /// carries them (its content `""` rather than null, which llama-cpp-python rejects).
    public init(message: ChatMessage) {
        let calls = message.toolCalls.flatMap { $0.isEmpty ? nil : $0 }
        self.init(role: message.role.rawValue, content: message.content,
                  toolCalls: calls?.map { OpenAIToolCallDTO(id: $0.id, name: $0.name, arguments: $0.arguments) },
                  toolCallID: message.role == .tool ? (message.toolCallId ?? "") : nil)
    }
}
