// The streamed answer of the demo model: a role-only event, one content event per word, a finish
// event, a usage event (when asked for) and `[DONE]`, with the stream faults of `ChatStreamFault` applied.

import Foundation

/// Produces the Server-Sent Events of one streamed demo completion.
struct DemoChatStream: Sendable {
    let request: DemoChatRequest
    /// The member of `delta` each piece goes in (`content`, `reasoning_content`, …), one event each.
    let pieces: [(member: String, text: String)]
    let fault: ChatStreamFault
    let stopSignal: StopSignal
    let gate: ReleaseGate
    let created: Int
    /// Elements of `delta.tool_calls`, one event each after the pieces (SPEC §14); the reply then
    /// ends with `finish_reason: tool_calls`.
    var toolCallDeltas: [JSONValue] = []
    /// The most prompt tokens usage reports (`silent_truncate_tokens`), nil for the true count.
    var promptCap: Int? = nil

    /// Writes every event through `write`, one call per event.
    func produce(_ write: ([UInt8]) -> Bool) -> StreamedBody.Ending {
        guard write(event(delta: [("role", .string("assistant"))], finishReason: nil)) else { return .abort }
        for (index, piece) in pieces.enumerated() {
            if let ending = deviation(afterWords: index, write) { return ending }
            guard pause(), write(event(delta: [(piece.member, .string(piece.text))], finishReason: nil)) else { return .abort }
        }
        for delta in toolCallDeltas {
            guard pause(), write(event(delta: [("tool_calls", .array([delta]))], finishReason: nil)) else { return .abort }
        }
        if let ending = deviation(afterWords: pieces.count, write) { return ending }
        let finish = fault.finishReason ?? (toolCallDeltas.isEmpty ? "stop" : "tool_calls")
        guard pause(), write(event(delta: [], finishReason: finish)) else { return .abort }
        if request.includeUsage {
            guard pause(), write(usageEvent()) else { return .abort }
        }
        guard pause(), write(Array("data: [DONE]\n\n".utf8)) else { return .abort }
        return .complete
    }

    /// What the fault makes happen once `count` words were sent; nil to go on.
    private func deviation(afterWords count: Int, _ write: ([UInt8]) -> Bool) -> StreamedBody.Ending? {
        if fault.pauseAfterWords == count, gate.wait(milliseconds: 60_000, stop: stopSignal) { return .abort }
        if fault.errorAfterWords == count {
            let error = OpenAIErrorResponse.make(status: 500, message: fault.errorMessage, type: "server_error", code: nil)
            return pause() && write(Array("data: ".utf8) + error.body + Array("\n\n".utf8)) ? .complete : .abort
        }
        if fault.closeAfterWords == count { return .abort }
        if fault.endAfterWords == count { return .complete }
        return nil
    }

    /// Waits the fault's delay between events; false when the backend is stopping.
    private func pause() -> Bool {
        fault.chunkDelayMilliseconds == 0 || !stopSignal.wait(milliseconds: fault.chunkDelayMilliseconds)
    }

    private func event(delta: [(String, JSONValue)], finishReason: String?) -> [UInt8] {
        let choice = JSONValue.object([
            ("index", .int(0)),
            ("delta", .object(delta)),
            ("finish_reason", finishReason.map(JSONValue.string) ?? .null),
        ])
        return frame(choices: [choice], extra: [])
    }

    private func usageEvent() -> [UInt8] {
        frame(choices: [], extra: [("usage", DemoChatReply.usage(request, completionTokens: pieces.count, promptCap: promptCap))])
    }

    private func frame(choices: [JSONValue], extra: [(String, JSONValue)]) -> [UInt8] {
        let chunk = JSONValue.object([
            ("id", .string("chatcmpl-lyra-demo")),
            ("object", .string("chat.completion.chunk")),
            ("created", .int(created)),
            ("model", .string(request.model)),
            ("choices", .array(choices)),
        ] + extra)
        return Array("data: ".utf8) + chunk.bytes + Array("\n\n".utf8)
    }
}
