// An identifier the backend may send as a JSON number or a JSON string; kept in its original
// form for encoding and always available as text.
import Foundation

/// An id decoded from a JSON number or string (`123` or `"123"`).
public struct FlexibleID: Codable, Hashable, Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    /// The id as text (`"123"` for the number 123).
    public let value: String
    /// True when it arrived as a JSON number (and is encoded back as one).
    public let isNumeric: Bool

    /// An id given as text.
    public init(_ value: String) {
        self.value = value
        isNumeric = false
    }

    /// An id given as a number.
    public init(_ value: Int64) {
        self.value = String(value)
        isNumeric = true
    }

    /// A string literal id.
    public init(stringLiteral value: String) { self.init(value) }

    /// An integer literal id.
    public init(integerLiteral value: Int64) { self.init(value) }

    /// The id as text.
    public var description: String { value }

    /// Decodes a whole number or a string.
    /// - Throws: `DecodingError.typeMismatch` for anything else (fractions, booleans, objects).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int64.self) {
            self.init(number)
        } else if let text = try? container.decode(String.self) {
            self.init(text)
        } else {
            throw DecodingError.typeMismatch(FlexibleID.self, .init(
                codingPath: decoder.codingPath, debugDescription: "expected an id (a whole number or a string)"))
        }
    }

    /// Encodes as it was received: a number stays a number.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if isNumeric, let number = Int64(value) { try container.encode(number) } else { try container.encode(value) }
    }
}
