// A request body part made of pieces encoded while the request is sent (a long chat's messages,
// issue 34): only one piece's bytes are in memory at a time, never the whole body. The length is
// measured up front by encoding every piece once into a reused buffer, so the request still
// carries a Content-Length (chunked uploads are not taken by every OpenAI-compatible server).
import Foundation

/// Bytes produced piece by piece, on demand, by a pure function of the piece's index.
public struct HTTPGeneratedBody: Sendable, Equatable {
    /// How many pieces there are.
    public let pieceCount: Int
    /// The total length in bytes of all the pieces.
    public let length: Int64
    /// Appends piece `index`'s bytes to the buffer; the same bytes every time it is called.
    let appendPiece: @Sendable (Int, inout [UInt8]) -> Void
    /// What makes two bodies equal: being the same body (their functions cannot be compared).
    private let identity = Identity()

    private final class Identity: Sendable {}

    /// Whether `left` and `right` are the same body (copies of one value).
    public static func == (left: HTTPGeneratedBody, right: HTTPGeneratedBody) -> Bool {
        left.identity === right.identity
    }

    /// A body of `pieceCount` pieces written by `appendPiece`, which must append the same bytes each
    /// time it is called with the same index (it is called once to measure, once to send).
    public init(pieceCount: Int, appendPiece: @escaping @Sendable (Int, inout [UInt8]) -> Void) {
        self.pieceCount = pieceCount
        self.appendPiece = appendPiece
        var scratch: [UInt8] = []
        var total: Int64 = 0
        for index in 0..<pieceCount {
            scratch.removeAll(keepingCapacity: true)
            appendPiece(index, &scratch)
            total += Int64(scratch.count)
        }
        length = total
    }

    /// All the bytes at once (tests, and small bodies).
    public func bytes() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(Int(length))
        for index in 0..<pieceCount { appendPiece(index, &output) }
        return output
    }
}

/// A cursor over an `HTTPGeneratedBody`: encodes pieces as the transport asks for bytes, at least
/// ``batchBytes`` at a time so that small pieces are not handed over one by one.
struct HTTPGeneratedBodyStream: Sendable {
    /// Bytes staged per refill, at least (one piece may be larger).
    static let batchBytes = 64 << 10
    private let body: HTTPGeneratedBody
    private var next = 0
    private var staged: [UInt8] = []
    private var offset = 0

    init(_ body: HTTPGeneratedBody) {
        self.body = body
    }

    /// Copies up to `buffer.count` bytes into `buffer`; 0 at the end.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        if offset == staged.count {
            staged.removeAll(keepingCapacity: true)
            offset = 0
            while next < body.pieceCount, staged.count < Self.batchBytes {
                body.appendPiece(next, &staged)
                next += 1
            }
        }
        let count = min(buffer.count, staged.count - offset)
        guard count > 0 else { return 0 }
        let start = offset
        staged.withUnsafeBytes { bytes in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[start ..< start + count]))
        }
        offset += count
        return count
    }
}
