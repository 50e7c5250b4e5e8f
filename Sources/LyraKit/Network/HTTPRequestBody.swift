// The body of an `HTTPRequest`: nothing, bytes in memory, or parts (bytes and files) that the
// transport streams in order, reading files as it sends (no staged copy of the whole body).
import Foundation

/// A request body.
public enum HTTPRequestBody: Sendable {
    /// No body.
    case empty
    /// These bytes.
    case bytes(Data)
    /// The concatenation of these parts, read as the request is sent.
    case parts([HTTPBodyPart])

    /// The total length in bytes (files are measured now).
    /// - Throws: `StorageError` when a file part cannot be measured.
    public func length() throws(StorageError) -> Int64 {
        switch self {
        case .empty: return 0
        case let .bytes(data): return Int64(data.count)
        case let .parts(parts):
            var total: Int64 = 0
            for part in parts { total += try part.length() }
            return total
        }
    }
}
