// The demo tool-using model `lyra-tools` (SPEC §14), so tool use is tested offline: offered tools and
// no tool result yet, it asks for one call of the first tool (arguments streamed in fragments, as
// llama.cpp does); once a `role: tool` result is in the conversation, it answers with what it said.

/// The reply of the tools model to one request.
struct DemoToolsReply {
    /// The model id.
    static let modelID = "lyra-tools"
    /// The id of the call it asks for.
    static let callID = "call_lyra_demo_1"

    /// The text of the reply (empty when it asks for a call).
    let text: String
    /// The `delta.tool_calls` elements of a streamed call (empty when it answers in text).
    let toolCallDeltas: [JSONValue]
    /// The message of a whole (not streamed) reply.
    let message: [(String, JSONValue)]

    /// The reply to `request`.
    init(request: DemoChatRequest) {
        if let result = request.messages.last, result.role == "tool" {
            text = "The tool returned: " + result.content
        } else if let tool = request.tools.first?["function"], let name = tool["name"]?.stringValue {
            let arguments = Self.arguments(for: tool["parameters"])
            let cut = arguments.index(arguments.startIndex, offsetBy: arguments.count / 2)
            text = ""
            toolCallDeltas = [
                .object([("index", .int(0)), ("id", .string(Self.callID)), ("type", .string("function")),
                         ("function", .object([("name", .string(name)), ("arguments", .string(String(arguments[..<cut])))]))]),
                .object([("index", .int(0)), ("function", .object([("arguments", .string(String(arguments[cut...])))]))]),
            ]
            message = [("role", .string("assistant")), ("content", .string("")), ("tool_calls", .array([.object([
                ("id", .string(Self.callID)), ("type", .string("function")),
                ("function", .object([("name", .string(name)), ("arguments", .string(arguments))])),
            ])]))]
            return
        } else {
            text = "No tools were offered to the demo tools model."
        }
        toolCallDeltas = []
        message = [("role", .string("assistant")), ("content", .string(text))]
    }

    /// Arguments for a schema: each required property given a value of its type (`timezone`: `UTC`).
    static func arguments(for schema: JSONValue?) -> String {
        var members: [(String, JSONValue)] = []
        var required: [String] = []
        if case .array(let names)? = schema?["required"] { required = names.compactMap(\.stringValue) }
        for name in required {
            switch schema?["properties"]?[name]?["type"]?.stringValue {
            case "integer", "number": members.append((name, .int(1)))
            case "boolean": members.append((name, .bool(true)))
            default: members.append((name, .string(name.lowercased().contains("timezone") ? "UTC" : "demo")))
            }
        }
        return JSONValue.object(members).serialized
    }
}
