// Reads a request body part by part for libcurl's read callback: bytes are copied, files are
// read in place as the request is sent, so a large photo never has a staged copy.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A cursor over the parts of a request body.
struct RequestBodyReader: Sendable {
    private var parts: [HTTPBodyPart]
    private var index = 0
    private var offset = 0
    private var file: PosixFile?
    private var base64: Base64FileStream?
    private var generated: HTTPGeneratedBodyStream?
    /// Bytes handed to libcurl so far.
    private(set) var consumed: Int64 = 0

    /// A reader over `body` (an empty body reads nothing).
    init(_ body: HTTPRequestBody) {
        switch body {
        case .empty: parts = []
        case let .bytes(data): parts = [.bytes(data)]
        case let .parts(list): parts = list
        }
    }

    /// Copies up to `buffer.count` bytes into `buffer`; 0 at the end of the body.
    /// - Throws: `StorageError` when a file part cannot be read.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(StorageError) -> Int {
        while index < parts.count {
            let count = try readCurrent(into: buffer)
            if count > 0 {
                consumed += Int64(count)
                return count
            }
            close()
            index += 1
            offset = 0
        }
        return 0
    }

    /// The body's length in bytes, as it will be read.
    /// - Throws: `StorageError` when a file part cannot be measured.
    func length() throws(StorageError) -> Int64 {
        try HTTPRequestBody.parts(parts).length()
    }

    /// Closes an open file part and lets go of the body (nothing more will be read).
    mutating func release() {
        close()
        parts = []
        index = 0
    }

    /// Closes an open file part.
    private mutating func close() {
        file?.closeFile()
        file = nil
        base64?.close()
        base64 = nil
        generated = nil
    }

    private mutating func readCurrent(into buffer: UnsafeMutableRawBufferPointer) throws(StorageError) -> Int {
        switch parts[index] {
        case let .bytes(data):
            let count = min(buffer.count, data.count - offset)
            guard count > 0 else { return 0 }
            // Not `copyBytes(to:from:)`: its generic path costs a one-time protocol conformance
            // scan of the whole binary on a one-shot's way to its first request.
            let offset = self.offset
            data.withUnsafeBytes { bytes in
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset ..< offset + count]))
            }
            self.offset += count
            return count
        case let .file(path):
            let open: PosixFile
            if let file { open = file } else { open = try PosixFile.opening(path, flags: O_RDONLY) }
            file = open
            let chunk = try open.readChunk(upTo: buffer.count)
            chunk.copyBytes(to: buffer.bindMemory(to: UInt8.self), count: chunk.count)
            return chunk.count
        case let .base64File(path):
            var stream = base64 ?? Base64FileStream(path: path)
            base64 = nil   // one owner, so the stream's buffers are not copied when they change
            defer { base64 = stream }
            return try stream.read(into: buffer)
        case let .generated(body):
            var stream = generated ?? HTTPGeneratedBodyStream(body)
            generated = nil   // one owner, as for base64
            defer { generated = stream }
            return stream.read(into: buffer)
        }
    }
}
