// A hand-built multipart/form-data body (RFC 7578) with a fresh random boundary: text parts and
// file parts, exact CRLFs, and file contents streamed from disk in 64 KiB chunks when written out.
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

    /// The size of the chunks file parts are copied in.
    public static let chunkSize = 64 * 1024

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
        try emit { body.append($0) }
        return body
    }

    /// Writes the body to `fileURL` (created or truncated, mode 0600), streaming file parts in chunks.
    /// - Throws: `StorageError` when a file cannot be read or written.
    public func write(to fileURL: URL) throws {
        let output = try PosixFile.opening(fileURL.standardizedFileURL.path, flags: O_WRONLY | O_CREAT | O_TRUNC)
        defer { output.closeFile() }
        try emit { chunk throws(StorageError) in try output.writeAll(chunk) }
    }

    // MARK: - Private

    private func emit(_ sink: (Data) throws(StorageError) -> Void) throws(StorageError) {
        for part in parts {
            try sink(Data("--\(boundary)\r\n".utf8))
            switch part {
            case let .text(name, value):
                try sink(Data("Content-Disposition: form-data; name=\"\(name)\"\r\n\r\n".utf8))
                try sink(Data(value.utf8))
            case let .data(name, filename, contentType, data):
                try sink(Self.fileHeader(name: name, filename: filename, contentType: contentType))
                try sink(data)
            case let .file(name, filename, contentType, url):
                try sink(Self.fileHeader(name: name, filename: filename, contentType: contentType))
                try Self.copy(url, to: sink)
            }
            try sink(Data("\r\n".utf8))
        }
        try sink(Data("--\(boundary)--\r\n".utf8))
    }

    private static func fileHeader(name: String, filename: String, contentType: String) -> Data {
        Data(("Content-Disposition: form-data; name=\"\(name)\"; filename=\"\(filename)\"\r\n"
            + "Content-Type: \(contentType)\r\n\r\n").utf8)
    }

    private static func copy(_ url: URL, to sink: (Data) throws(StorageError) -> Void) throws(StorageError) {
        let input = try PosixFile.opening(url.standardizedFileURL.path, flags: O_RDONLY)
        defer { input.closeFile() }
        while true {
            let chunk = try input.readChunk(upTo: chunkSize)
            if chunk.isEmpty { return }
            try sink(chunk)
        }
    }

    private static func check(_ value: String) throws(FieldError) {
        let unsafe = value.isEmpty || value.unicodeScalars.contains { scalar in
            scalar == "\"" || scalar == "\\" || scalar.properties.generalCategory == .control
        }
        if unsafe { throw .invalidHeaderValue(value) }
    }
}
