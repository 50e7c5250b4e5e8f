// RecordedRequest: one request the local backend saw, as listed by `GET /_test/requests`.
// Decoded tolerantly: missing fields get empty defaults, numbers and booleans become strings.
import Foundation

/// A request recorded by the local backend, for asserting what the client really sent.
public struct RecordedRequest: Sendable, Equatable, Decodable {
    /// One part of a `multipart/form-data` body.
    public struct Part: Sendable, Equatable, Decodable {
        /// The part's `name` (e.g. `template_id`, `image`).
        public var name: String
        /// The part's filename, for file parts.
        public var filename: String?
        /// The part's `Content-Type`, when it has one.
        public var contentType: String?
        /// The size of the part's body in bytes.
        public var size: Int
        /// The part's body as text, for text parts.
        public var text: String?

        enum CodingKeys: String, CodingKey {
            case name, filename, size, text, value
            case contentType = "content_type"
        }

        /// Decodes a part, tolerating missing fields.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = (try? container.decodeIfPresent(LenientString.self, forKey: .name))?.value ?? ""
            filename = (try? container.decodeIfPresent(LenientString.self, forKey: .filename))?.value
            contentType = (try? container.decodeIfPresent(LenientString.self, forKey: .contentType))?.value
            size = (try? container.decodeIfPresent(Int.self, forKey: .size)) ?? 0
            // The backend records a text part's body as `value`; `text` is accepted too.
            text = (try? container.decodeIfPresent(LenientString.self, forKey: .value))?.value
                ?? (try? container.decodeIfPresent(LenientString.self, forKey: .text))?.value
        }
    }

    /// The HTTP method, e.g. `POST`.
    public var method: String
    /// The path without the query, e.g. `/ai-writing`.
    public var path: String
    /// The query parameters.
    public var query: [String: String]
    /// The headers, names lowercased.
    public var headers: [String: String]
    /// The body as text, when it was text; the backend keeps at most its first 4 KiB (then
    /// `…[cut: N bytes in all]`).
    public var bodyText: String?
    /// The size of the whole body in bytes, when the backend said.
    public var bodyBytes: Int?
    /// The parts of a multipart body, when it was one.
    public var parts: [Part]?
    /// The number of the connection the request came on (the backend numbers accepted connections 1, 2, …).
    public var connection: Int?

    enum CodingKeys: String, CodingKey {
        case method, path, query, headers, parts, connection
        case bodyText = "body_text"
        case bodyBytes = "body_bytes"
    }

    /// Decodes a recorded request, tolerating missing fields and non-string values.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        method = (try? container.decodeIfPresent(LenientString.self, forKey: .method))?.value ?? ""
        path = (try? container.decodeIfPresent(LenientString.self, forKey: .path))?.value ?? ""
        query = Self.stringMap(container, .query)
        headers = Dictionary(Self.stringMap(container, .headers).map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
        bodyText = (try? container.decodeIfPresent(LenientString.self, forKey: .bodyText))?.value
        bodyBytes = try? container.decodeIfPresent(Int.self, forKey: .bodyBytes)
        parts = try? container.decodeIfPresent([Part].self, forKey: .parts)
        connection = try? container.decodeIfPresent(Int.self, forKey: .connection)
    }

    /// The value of header `name`, whatever its case.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    /// The multipart parts named `name`, in order.
    public func parts(named name: String) -> [Part] {
        (parts ?? []).filter { $0.name == name }
    }

    private static func stringMap(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) -> [String: String] {
        let map = (try? container.decodeIfPresent([String: LenientString].self, forKey: key)) ?? [:]
        return map.mapValues(\.value)
    }
}

/// A JSON value read as a string: strings as they are, numbers and booleans as their text,
/// an array as its first element.
struct LenientString: Decodable, Sendable {
    let value: String

    init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            value = (try? array.decode(LenientString.self))?.value ?? ""
            return
        }
        let container = try decoder.singleValueContainer()
        if let string = try? container.decode(String.self) {
            value = string
        } else if let integer = try? container.decode(Int.self) {
            value = String(integer)
        } else if let number = try? container.decode(Double.self) {
            value = String(number)
        } else if let flag = try? container.decode(Bool.self) {
            value = String(flag)
        } else {
            value = ""
        }
    }
}
