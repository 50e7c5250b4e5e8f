// A JSON value held as a tree: what MCP's JSON-RPC messages, tool input schemas and tool-call
// arguments are made of. Decoded and encoded with Foundation's coders (network data, not session files).
import Foundation

/// Any JSON value.
public enum JSONTree: Sendable, Equatable, Codable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number (integers stay exact up to 2^53).
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONTree])
    /// An object (member order is not kept).
    case object([String: JSONTree])

    /// Decodes any JSON value.
    /// - Throws: `DecodingError` for something that is no JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONTree].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONTree].self))
        }
    }

    /// Encodes the value; whole numbers are written without a fraction.
    /// - Throws: encoder errors.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            if value.rounded() == value, abs(value) < 9_007_199_254_740_992 {
                try container.encode(Int64(value))
            } else {
                try container.encode(value)
            }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The value parsed from `text`; nil when it is not JSON.
    public static func parse(_ text: String) -> JSONTree? {
        try? JSONDecoder().decode(JSONTree.self, from: Data(text.utf8))
    }

    /// Compact JSON text with sorted keys (`{}` should encoding ever fail).
    public var compactText: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Indented JSON text with sorted keys, for showing arguments to a person.
    public var prettyText: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The member `key` of an object (nil for other values or a missing member).
    public subscript(key: String) -> JSONTree? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The string this value holds, if it is one.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The array this value holds, if it is one.
    public var arrayValue: [JSONTree]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The number this value holds as an integer, if it is a whole number.
    public var intValue: Int? {
        if case .number(let value) = self, value.rounded() == value, abs(value) < 9e15 { return Int(value) }
        return nil
    }
}
