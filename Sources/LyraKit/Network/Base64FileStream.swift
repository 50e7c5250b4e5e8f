// A file read as base64 while a request is sent (SPEC §13 images): the body of a chat request with
// images never holds an image's encoded text whole, only one chunk of it at a time.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a file and hands out its base64 text (standard alphabet, padded), chunk by chunk.
struct Base64FileStream: Sendable {
    /// Raw bytes read from the file at a time (a multiple of 3).
    static let chunkSize = 48 << 10
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    private let path: String
    private var file: PosixFile?
    /// Bytes read but not yet encoded (fewer than 3, when a read was short).
    private var carry: [UInt8] = []
    /// Encoded text not yet handed out, from `offset` on.
    private var staged: [UInt8] = []
    private var offset = 0
    private var finished = false

    /// A stream over the file at `path` (opened on the first read).
    init(path: String) {
        self.path = path
    }

    /// The length of the base64 text of `count` bytes.
    static func encodedLength(of count: Int64) -> Int64 { (count + 2) / 3 * 4 }

    /// Copies up to `buffer.count` bytes of the text into `buffer`; 0 at its end (the file is then closed).
    /// - Throws: `StorageError` when the file cannot be read.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(StorageError) -> Int {
        while offset == staged.count {
            if finished { return 0 }
            try refill()
        }
        let count = min(buffer.count, staged.count - offset)
        let start = offset
        staged.withUnsafeBytes { bytes in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[start ..< start + count]))
        }
        offset += count
        return count
    }

    /// Closes the file.
    mutating func close() {
        file?.closeFile()
        file = nil
    }

    private mutating func refill() throws(StorageError) {
        let open: PosixFile
        if let file { open = file } else { open = try PosixFile.opening(path, flags: O_RDONLY) }
        file = open
        let chunk = try open.readChunk(upTo: Self.chunkSize)
        var raw = carry
        raw.append(contentsOf: chunk)
        offset = 0
        if chunk.isEmpty {
            finished = true
            close()
            carry = []
            staged = Self.encoded(raw)
        } else {
            let whole = raw.count / 3 * 3
            carry = Array(raw[whole...])
            staged = Self.encoded(Array(raw[..<whole]))
        }
    }

    /// The base64 text of `input` (padded when its count is no multiple of 3), written in place into an array of its exact length (appending it a
    /// byte at a time cost more than the rest of an image turn's encoding, issue 29's budget).
    static func encoded(_ input: [UInt8]) -> [UInt8] {
        let length = (input.count + 2) / 3 * 4
        return [UInt8](unsafeUninitializedCapacity: length) { output, count in
            alphabet.withUnsafeBufferPointer { table in
                input.withUnsafeBufferPointer { source in
                    var index = 0, written = 0
                    while index + 3 <= source.count {
                        let value = UInt32(source[index]) << 16 | UInt32(source[index + 1]) << 8 | UInt32(source[index + 2])
                        output[written] = table[Int(value >> 18)]
                        output[written + 1] = table[Int(value >> 12 & 0x3F)]
                        output[written + 2] = table[Int(value >> 6 & 0x3F)]
                        output[written + 3] = table[Int(value & 0x3F)]
                        index += 3
                        written += 4
                    }
                    let rest = source.count - index
                    guard rest > 0 else { return }
                    let value = UInt32(source[index]) << 16 | (rest == 2 ? UInt32(source[index + 1]) << 8 : 0)
                    output[written] = table[Int(value >> 18)]
                    output[written + 1] = table[Int(value >> 12 & 0x3F)]
                    output[written + 2] = rest == 2 ? table[Int(value >> 6 & 0x3F)] : UInt8(ascii: "=")
                    output[written + 3] = UInt8(ascii: "=")
                }
            }
            count = length
        }
    }
}
