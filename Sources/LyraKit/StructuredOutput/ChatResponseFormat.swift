// `--schema FILE` (SPEC §15): the JSON Schema sent as `response_format: {"type": "json_schema",
// "json_schema": {"name", "schema"}}`, and the reply checked against it (JSONSchemaCheck).
import Foundation

/// A structured-output request: the schema a reply must follow.
public struct ChatResponseFormat: Equatable, Sendable {
    /// The schema's name as sent (`json_schema.name`): its `title` or the file's name, reduced to
    /// letters, digits, `_` and `-` (at most 64), else `response`.
    public var name: String
    /// The schema as written.
    public var schema: JSONDocument

    /// A format for `schema` named `name` (reduced to the characters servers accept).
    public init(name: String, schema: JSONDocument) {
        let allowed = name.unicodeScalars.filter { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "-") }
        let clean = String(String.UnicodeScalarView(allowed).prefix(64))
        self.name = clean.isEmpty ? "response" : clean
        self.schema = schema
    }

    /// The schema in the file at `path`.
    /// - Throws: `ChatResponseFormatError` when the file cannot be read, is not JSON or not an object.
    public static func load(path: String) throws(ChatResponseFormatError) -> ChatResponseFormat {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: (error as NSError).localizedFailureReason ?? "cannot be read")
        }
        guard data.count <= 1 << 20 else { throw .unreadable(path: path, reason: "larger than 1 MiB") }
        guard let text = String(data: data, encoding: .utf8) else { throw .unreadable(path: path, reason: "not UTF-8 text") }
        let schema: JSONDocument
        do {
            schema = try JSONDocument.parse(text)
        } catch {
            throw .unreadable(path: path, reason: "not JSON (\(error.reason))")
        }
        guard case .object = schema else { throw .unreadable(path: path, reason: "a schema must be a JSON object") }
        var title: String?
        if case .string(let text)? = schema["title"] { title = text }
        let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return ChatResponseFormat(name: title ?? stem, schema: schema)
    }

    /// Checks `reply` against the schema.
    /// - Throws: `JSONSchemaMismatch`.
    public func check(_ reply: String) throws(JSONSchemaMismatch) {
        try JSONSchemaCheck.check(reply, against: schema)
    }
}

/// A `--schema` file Lyra cannot use.
public enum ChatResponseFormatError: Error, Equatable, LocalizedError {
    /// The file at `path` cannot be used, and why.
    case unreadable(path: String, reason: String)

    /// A user-facing description.
    public var errorDescription: String? {
        switch self {
        case .unreadable(let path, let reason): "cannot use the schema \(path): \(reason)"
        }
    }
}
