// A parsed JSON value with its objects' members in order: a `--schema` file, and a reply checked
// against it (SPEC §15). Read with the session reader's scanner (nesting bounded, strict UTF-8) and
// written back in order (`appendJSON`), so the schema is sent as the user wrote it.
import Foundation

/// Any JSON value.
public indirect enum JSONDocument: Equatable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept as its text (`42`, `-1.5e3`) so nothing is lost in a round trip.
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONDocument])
    /// Members in the order they were written.
    case object([(key: String, value: JSONDocument)])

    /// Parses `text` as one JSON document.
    /// - Throws: `JSONDocumentError` with the reason (e.g. `not valid JSON at byte 12`).
    public static func parse(_ text: String) throws(JSONDocumentError) -> JSONDocument {
        var copy = text
        let result: Result<JSONDocument, JSONScanFailure> = copy.withUTF8 { buffer in
            var scanner = JSONScanner(bytes: UnsafeRawBufferPointer(buffer))
            do throws(JSONScanFailure) {
                let value = try read(&scanner, depth: 0)
                guard scanner.isAtEnd() else { throw scanner.invalid() }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let value): return value
        case .failure(let failure): throw JSONDocumentError(reason: failure.reason)
        }
    }

    private static func read(_ scanner: inout JSONScanner, depth: Int) throws(JSONScanFailure) -> JSONDocument {
        guard depth < 64 else { throw JSONScanFailure(reason: "nested deeper than 64 levels") }
        guard let byte = scanner.peek() else { throw scanner.invalid() }
        switch byte {
        case UInt8(ascii: "{"):
            var members: [(key: String, value: JSONDocument)] = []
            try scanner.readObject { scanner, key throws(JSONScanFailure) in
                members.append((key, try read(&scanner, depth: depth + 1)))
            }
            return .object(members)
        case UInt8(ascii: "["):
            var elements: [JSONDocument] = []
            try scanner.readArray { scanner throws(JSONScanFailure) in elements.append(try read(&scanner, depth: depth + 1)) }
            return .array(elements)
        case UInt8(ascii: "\""): return .string(try scanner.readString())
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool(try scanner.readBool())
        case UInt8(ascii: "n"):
            guard scanner.skipNull() else { throw scanner.invalid() }
            return .null
        default: return .number(try scanner.readNumberText())
        }
    }

    /// The member `key` of an object (nil for other values or a missing member).
    public subscript(key: String) -> JSONDocument? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The JSON type's name as JSON Schema spells it: `object`, `array`, `string`, `integer`,
    /// `number`, `boolean`, `null` (a number without fraction or exponent is an `integer`).
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number(let text): text.contains(where: { ".eE".contains($0) }) ? "number" : "integer"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// Whether two values are the same JSON (numbers by value, object members in order).
    public static func == (lhs: JSONDocument, rhs: JSONDocument) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.number(a), .number(b)): a == b || (Double(a) != nil && Double(a) == Double(b))
        case let (.string(a), .string(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.object(a), .object(b)): a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }
}

/// A text that is not one JSON document.
public struct JSONDocumentError: Error, Equatable, LocalizedError {
    /// Why, e.g. `not valid JSON at byte 12`.
    public var reason: String
    /// The reason.
    public var errorDescription: String? { reason }
}
