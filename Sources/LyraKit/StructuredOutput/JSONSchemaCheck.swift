// Checks a reply against a `--schema` (SPEC §15). Not a JSON Schema engine: it checks the keywords
// that say what shape the answer has — `type` (a name or a list of names), `enum`, `required`,
// `properties` (each present member against its own schema) and `items` (every element) — at every
// level, and ignores every other keyword. The README lists the same keywords.
import Foundation

/// A reply that does not match its schema: the first problem found, with where it is.
public struct JSONSchemaMismatch: Error, Equatable, LocalizedError {
    /// Where, as a path from the reply's root: `$`, `$.city`, `$.tags[2]`.
    public var path: String
    /// What is wrong, e.g. `expected string, found integer`.
    public var problem: String

    /// A user-facing description.
    public var errorDescription: String? { "the reply does not match the schema: \(path): \(problem)" }
}

/// The checked subset of JSON Schema.
public enum JSONSchemaCheck {
    /// Checks the reply text `reply` against `schema`.
    /// - Throws: `JSONSchemaMismatch` for a reply that is not JSON or does not match.
    public static func check(_ reply: String, against schema: JSONDocument) throws(JSONSchemaMismatch) {
        let value: JSONDocument
        do {
            value = try JSONDocument.parse(reply)
        } catch {
            throw JSONSchemaMismatch(path: "$", problem: "not JSON (\(error.reason))")
        }
        try check(value, against: schema, at: "$")
    }

    /// Checks `value` against `schema` at `path`.
    /// - Throws: `JSONSchemaMismatch` for the first problem.
    public static func check(_ value: JSONDocument, against schema: JSONDocument, at path: String)
        throws(JSONSchemaMismatch) {
        guard case .object = schema else { return }   // `true`, `{}` or something unknown: anything goes
        if let types = allowedTypes(schema["type"]), !types.contains(where: { matches(value, type: $0) }) {
            throw JSONSchemaMismatch(path: path, problem: "expected \(types.joined(separator: " or ")), found \(value.typeName)")
        }
        if case .array(let choices)? = schema["enum"], !choices.contains(value) {
            throw JSONSchemaMismatch(path: path, problem: "not one of the values the schema's enum allows")
        }
        if case .object(let members) = value {
            if case .array(let required)? = schema["required"] {
                for case .string(let name) in required where !members.contains(where: { $0.key == name }) {
                    throw JSONSchemaMismatch(path: path, problem: "the required member \"\(name)\" is missing")
                }
            }
            if case .object(let properties)? = schema["properties"] {
                for property in properties {
                    guard let member = members.first(where: { $0.key == property.key }) else { continue }
                    try check(member.value, against: property.value, at: path + "." + property.key)
                }
            }
        }
        if case .array(let elements) = value, let items = schema["items"] {
            for (index, element) in elements.enumerated() {
                try check(element, against: items, at: path + "[\(index)]")
            }
        }
    }

    /// The type names `type` allows (nil: any).
    private static func allowedTypes(_ type: JSONDocument?) -> [String]? {
        switch type {
        case .string(let name)?: [name]
        case .array(let names)?: names.compactMap { if case .string(let name) = $0 { name } else { nil } }
        default: nil
        }
    }

    /// Whether `value` is of JSON Schema type `type` (an integer is also a `number`; `1.0` is an integer).
    private static func matches(_ value: JSONDocument, type: String) -> Bool {
        switch (type, value) {
        case ("number", .number): true
        case ("integer", .number(let text)): Double(text).map { $0.rounded() == $0 } ?? false
        default: value.typeName == type
        }
    }
}
