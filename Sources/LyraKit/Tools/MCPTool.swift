// What an MCP server says about one tool (`tools/list`) and what a call of it gave (`tools/call`).
import Foundation

/// One tool of an MCP server.
public struct MCPTool: Sendable, Equatable {
    /// The tool's name on its server.
    public var name: String
    /// What it does, as the server says (may be empty).
    public var description: String
    /// The JSON Schema of its arguments (`inputSchema`).
    public var inputSchema: JSONTree

    /// A tool.
    public init(name: String, description: String, inputSchema: JSONTree) {
        self.name = name
        self.description = description
        self.inputSchema = inputSchema
    }
}

/// The outcome of one `tools/call`: its text content parts (other parts named), and whether the
/// server marked it an error.
public struct MCPToolResult: Sendable, Equatable {
    /// The text of the result, text parts joined by newlines; other parts as `[image part not sent]`.
    public var text: String
    /// Whether the server said the call failed (`isError`).
    public var isError: Bool

    /// A result.
    public init(text: String, isError: Bool) {
        self.text = text
        self.isError = isError
    }

    /// The result in a `tools/call` answer's `result`.
    init(result: JSONTree) {
        var pieces: [String] = []
        for part in result["content"]?.arrayValue ?? [] {
            let kind = part["type"]?.stringValue ?? "unknown"
            if kind == "text", let text = part["text"]?.stringValue {
                pieces.append(text)
            } else {
                pieces.append("[\(TextSanitizer.singleLine(kind, limit: 40)) part not sent]")
            }
        }
        if pieces.isEmpty, let structured = result["structuredContent"] { pieces.append(structured.compactText) }
        text = pieces.joined(separator: "\n")
        if case .bool(true) = result["isError"] { isError = true } else { isError = false }
    }
}
