// Tool calls on the OpenAI wire (SPEC §14): a streamed `delta.tool_calls` fragment (`index`, maybe
// `id`, `function.name`, a piece of `function.arguments`), and a whole call in a request's
// assistant message; the `tools` a request offers.
import Foundation

/// One element of `delta.tool_calls` (a fragment or, from Ollama, a whole call), or of a whole
/// message's `tool_calls`.
public struct OpenAIToolCallDTO: Codable, Equatable, Sendable {
    /// Which call of the reply this fragment belongs to (absent: the position in its array).
    public var index: Int?
    /// The call's id (usually only in its first fragment; some servers send none).
    public var id: String?
    /// The tool's name (usually only in the first fragment).
    public var name: String?
    /// A piece of the arguments' JSON text (a whole call: all of it).
    public var arguments: String?

    /// A call or fragment.
    public init(index: Int? = nil, id: String? = nil, name: String? = nil, arguments: String? = nil) {
        self.index = index
        self.id = id
        self.name = name
        self.arguments = arguments
    }

    enum CodingKeys: String, CodingKey { case index, id, type, function }
    enum FunctionKeys: String, CodingKey { case name, arguments }

    /// Decodes tolerantly: members of the wrong type read as absent; object arguments (some servers
    /// send them parsed) become their JSON text.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        index = try? container.decodeIfPresent(Int.self, forKey: .index)
        id = try? container.decodeIfPresent(String.self, forKey: .id)
        guard let function = try? container.nestedContainer(keyedBy: FunctionKeys.self, forKey: .function) else { return }
        name = try? function.decodeIfPresent(String.self, forKey: .name)
        if let text = try? function.decodeIfPresent(String.self, forKey: .arguments) {
            arguments = text
        } else if let tree = try? function.decodeIfPresent(JSONTree.self, forKey: .arguments), tree != .null {
            arguments = tree.compactText
        }
    }

    /// Encodes a whole call: `{"id", "type": "function", "function": {"name", "arguments"}}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encode("function", forKey: .type)
        var function = container.nestedContainer(keyedBy: FunctionKeys.self, forKey: .function)
        try function.encode(name ?? "", forKey: .name)
        try function.encode(arguments ?? "", forKey: .arguments)
    }
}

/// A tool offered in a request: `{"type": "function", "function": {"name", "description", "parameters"}}`.
public struct OpenAIToolDTO: Encodable, Equatable, Sendable {
    /// `SERVER__TOOL`.
    public var name: String
    /// What the tool does.
    public var description: String
    /// The JSON Schema of its arguments.
    public var parameters: JSONTree

    /// A tool.
    public init(name: String, description: String, parameters: JSONTree) {
        self.name = name
        self.description = description
        self.parameters = parameters
    }

    enum CodingKeys: String, CodingKey { case type, function }
    enum FunctionKeys: String, CodingKey { case name, description, parameters }

    /// Encodes the OpenAI shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("function", forKey: .type)
        var function = container.nestedContainer(keyedBy: FunctionKeys.self, forKey: .function)
        try function.encode(name, forKey: .name)
        try function.encode(description, forKey: .description)
        try function.encode(parameters, forKey: .parameters)
    }
}
