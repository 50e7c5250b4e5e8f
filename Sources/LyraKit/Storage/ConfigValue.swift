// One value of config.json: the file is a flat JSON object of strings, numbers and booleans.
import Foundation

/// A scalar stored in `config.json`.
public enum ConfigValue: Codable, Equatable, Sendable {
    /// A JSON string.
    case string(String)
    /// A JSON number.
    case number(Double)
    /// A JSON boolean.
    case bool(Bool)

    /// The value as text: booleans as `true`/`false`, whole numbers without a fraction.
    public var text: String {
        switch self {
        case let .string(value): return value
        case let .bool(value): return value ? "true" : "false"
        case let .number(value):
            if let whole = Int64(exactly: value) { return String(whole) }
            return String(value)
        }
    }

    /// Decodes a boolean, a number or a string (in that order).
    /// - Throws: `DecodingError.typeMismatch` for arrays and objects.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else {
            throw DecodingError.typeMismatch(ConfigValue.self, .init(
                codingPath: decoder.codingPath,
                debugDescription: "expected a string, number or boolean"))
        }
    }

    /// Encodes the scalar; whole numbers are written without a fraction.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case let .string(value): try container.encode(value)
        case let .bool(value): try container.encode(value)
        case let .number(value):
            if let whole = Int64(exactly: value) { try container.encode(whole) } else { try container.encode(value) }
        }
    }
}
