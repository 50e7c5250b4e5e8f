// The demo model's answer to a request with `response_format: {"type": "json_schema"}` (SPEC §15):
// JSON that follows the schema — every property of an object (required or not), the first value of
// an `enum`, `"demo"` for strings, 1 for integers, 1.5 for numbers, true, and one item per array —
// so a script can try `--schema` offline. Only the demo model does this; `lyra-think` answers text.

/// Builds a JSON reply that follows a schema.
enum DemoStructuredReply {
    /// The compact JSON text of a value following `schema`, with a space after each comma so that
    /// it streams as several pieces.
    static func text(following schema: JSONValue) -> String {
        value(following: schema, depth: 0).serialized.replacingOccurrences(of: ",\"", with: ", \"")
    }

    private static func value(following schema: JSONValue, depth: Int) -> JSONValue {
        guard depth < 16 else { return .null }
        if case .array(let choices)? = schema["enum"], let first = choices.first { return first }
        let type: String?
        switch schema["type"] {
        case .string(let name)?: type = name
        case .array(let names)?: type = names.first?.stringValue
        default: type = schema["properties"] != nil ? "object" : nil
        }
        switch type {
        case "object":
            guard case .object(let properties)? = schema["properties"] else { return .object([]) }
            return .object(properties.map { ($0.0, value(following: $0.1, depth: depth + 1)) })
        case "array":
            return .array([value(following: schema["items"] ?? .object([]), depth: depth + 1)])
        case "integer": return .int(1)
        case "number": return .double(1.5)
        case "boolean": return .bool(true)
        case "null": return .null
        default: return .string("demo")
        }
    }
}
