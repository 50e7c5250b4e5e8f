// A hand-built multipart/form-data body (RFC 7578) with a fresh random boundary: text parts and
// file parts and exact CRLFs; file contents are read from disk only when the body is sent.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A multipart/form-data body under construction.
public struct MultipartFormData: Sendable {
    /// A part name, file name or content type that would break the part's headers.
    public enum FieldError: Error, LocalizedError, Equatable, Sendable {
        /// The value contains a quote, a line break or another control character.
        case invalidHeaderValue(String)

        /// A user-facing description.
        public var errorDescription: String? {
            switch self {
            case let .invalidHeaderValue(value):
                return "invalid form field '\(value)': quotes and control characters are not allowed"
            }
        }
    }

    private enum Part: Sendable {
        case text(name: String, value: String)
        case data(name: String, filename: String, contentType: String, data: Data)
        case file(name: String, filename: String, contentType: String, url: URL)
    }

    /// The boundary between parts.
    public let boundary: String
    private var parts: [Part] = []

    /// Starts an empty body with `boundary` (a fresh random one by default).
    public init(boundary: String = MultipartFormData.randomBoundary()) {
        self.boundary = boundary
    }

    /// A new boundary: `lyra-` and 32 random hexadecimal digits.
    public static func randomBoundary() -> String {
        let high = String(UInt64.random(in: 0 ... .max), radix: 16)
        let low = String(UInt64.random(in: 0 ... .max), radix: 16)
        return "lyra-" + String(repeating: "0", count: 16 - high.count) + high
            + String(repeating: "0", count: 16 - low.count) + low
    }

    /// The `Content-Type` header value for this body.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// Appends a text part holding `value` as UTF-8.
    /// - Throws: `FieldError` when `name` would break the part's headers.
    public mutating func appendUTF8(name: String, value: String) throws(FieldError) {
        try Self.check(name)
        parts.append(.text(name: name, value: value))
    }

    /// Appends a file part whose bytes are read from `fileURL` when the body is encoded or written.
    /// - Throws: `FieldError` when a header value is unsafe.
    public mutating func appendFile(name: String, fileURL: URL, filename: String, contentType: String) throws(FieldError) {
        try Self.check(name)
        try Self.check(filename)
        try Self.check(contentType)
        parts.append(.file(name: name, filename: filename, contentType: contentType, url: fileURL))
    }

    /// Appends a file part from bytes in memory.
    /// - Throws: `FieldError` when a header value is unsafe.
    public mutating func appendData(_ data: Data, name: String, filename: String, contentType: String) throws(FieldError) {
        try Self.check(name)
        try Self.check(filename)
        try Self.check(contentType)
        parts.append(.data(name: name, filename: filename, contentType: contentType, data: data))
    }

    /// The whole body in memory (file parts are read from disk).
    /// - Throws: `StorageError` when a file part cannot be read.
    public func encoded() throws -> Data {
        var body = Data()
        for part in bodyParts() {
            switch part {
            case let .bytes(data): body.append(data)
            case let .file(path):
                let input = try PosixFile.opening(path, flags: O_RDONLY)
                defer { input.closeFile() }
                body.append(try input.readToEnd(limit: Int.max))
            case let .base64File(path):
                let input = try PosixFile.opening(path, flags: O_RDONLY)
                defer { input.closeFile() }
                body.append(contentsOf: Base64FileStream.encoded(Array(try input.readToEnd(limit: Int.max))))
            case let .generated(generated):
                body.append(contentsOf: generated.bytes())
            }
        }
        return body
    }

    /// The body as transport parts: the boundaries and part headers as bytes, each file by its path,
    /// read by the transport while it sends (no staged copy).
    public func bodyParts() -> [HTTPBodyPart] {
        var pieces: [HTTPBodyPart] = []
        var pending = ""
        for part in parts {
            pending += "--\(boundary)\r\n"
            switch part {
            case let .text(name, value):
                pending += "Content-Disposition: form-data; name=\"\(name)\"\r\n\r\n" + value
            case let .data(name, filename, contentType, data):
                pieces.append(.bytes(Data((pending + Self.fileHeader(name: name, filename: filename, contentType: contentType)).utf8) + data))
                pending = ""
            case let .file(name, filename, contentType, url):
                pieces.append(.bytes(Data((pending + Self.fileHeader(name: name, filename: filename, contentType: contentType)).utf8)))
                pieces.append(.file(path: url.standardizedFileURL.path))
                pending = ""
            }
            pending += "\r\n"
        }
        pieces.append(.bytes(Data((pending + "--\(boundary)--\r\n").utf8)))
        return pieces
    }

    // MARK: - Private

    private static func fileHeader(name: String, filename: String, contentType: String) -> String {
        "Content-Disposition: form-data; name=\"\(name)\"; filename=\"\(filename)\"\r\n"
            + "Content-Type: \(contentType)\r\n\r\n"
    }

    private static func check(_ value: String) throws(FieldError) {
        let unsafe = value.isEmpty || value.unicodeScalars.contains { scalar in
            scalar == "\"" || scalar == "\\" || scalar.properties.generalCategory == .control
        }
        if unsafe { throw .invalidHeaderValue(value) }
    }
}
