// A model's request to call a tool (SPEC §14), stored on the assistant message as
// `"toolCalls": [{"id", "name", "arguments"}]` (its rows in SessionFileFields.swift, the array in
// StoredArray.swift) and sent back to the model as `tool_calls`.
import Foundation

/// One tool call of an assistant message.
public struct ToolCall: Equatable, Sendable {
    /// The call's id (`call_…`), made up when the server sent none; a `tool` message answers it.
    public var id: String
    /// The tool as offered: `SERVER__TOOL`.
    public var name: String
    /// The arguments as the model wrote them: JSON text (possibly not valid JSON).
    public var arguments: String

    /// A call.
    public init(id: String, name: String, arguments: String) {
        self.id = id
        self.name = name
        self.arguments = arguments
    }

    /// An id for a call the server gave none.
    public static func madeUpID() -> String {
        "call_" + UUID.systemRandomLowercased().replacingOccurrences(of: "-", with: "").prefix(24)
    }
}
