// Puts a reply's tool calls together as they stream (SPEC §14): argument fragments keyed by `index`
// appended in order, whole calls in one chunk (Ollama) taken as they are, a missing id made up.
import Foundation

/// The tool calls of one streamed reply.
struct ToolCallAssembler: Sendable {
    private var calls: [Int: ToolCall] = [:]
    private var order: [Int] = []

    /// Adds the fragments of one chunk; a fragment without `index` is its position in the chunk.
    mutating func add(_ fragments: [OpenAIToolCallDTO]) {
        for (position, fragment) in fragments.enumerated() {
            let index = fragment.index ?? position
            var call = calls[index] ?? ToolCall(id: "", name: "", arguments: "")
            if calls[index] == nil { order.append(index) }
            if let id = fragment.id, !id.isEmpty { call.id = id }
            if let name = fragment.name, !name.isEmpty {
                // A repeated name (some servers resend it with every fragment) is not appended twice.
                if call.name.isEmpty || !call.name.hasSuffix(name) { call.name += name }
            }
            if let piece = fragment.arguments { call.arguments += piece }
            calls[index] = call
        }
    }

    /// Whether any call arrived.
    var isEmpty: Bool { order.isEmpty }

    /// The calls in the order they first appeared, those with no name left out, missing ids made
    /// up, empty arguments as `{}`.
    func finished() -> [ToolCall] {
        order.compactMap { index -> ToolCall? in
            guard var call = calls[index], !call.name.isEmpty else { return nil }
            if call.id.isEmpty { call.id = ToolCall.madeUpID() }
            if call.arguments.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { call.arguments = "{}" }
            return call
        }
    }
}
