// One piece of a streamed request body: bytes in memory, or a file read (as it is, or as base64)
// when it is sent.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A part of an `HTTPRequestBody.parts` body.
public enum HTTPBodyPart: Sendable, Equatable {
    /// Bytes in memory.
    case bytes(Data)
    /// The contents of the file at this path, read in chunks while sending.
    case file(path: String)
    /// The base64 text of the file at this path, encoded in chunks while sending (an image in a
    /// chat request's data URL, SPEC §13).
    case base64File(path: String)
    /// Bytes encoded piece by piece while sending (a long chat's messages).
    case generated(HTTPGeneratedBody)

    /// The length in bytes (a file's size now).
    /// - Throws: `StorageError` when the file cannot be measured.
    public func length() throws(StorageError) -> Int64 {
        switch self {
        case let .bytes(data): return Int64(data.count)
        case let .file(path):
            let file = try PosixFile.opening(path, flags: O_RDONLY)
            defer { file.closeFile() }
            return Int64(try file.status().st_size)
        case let .base64File(path):
            return Base64FileStream.encodedLength(of: try HTTPBodyPart.file(path: path).length())
        case let .generated(body):
            return body.length
        }
    }
}
