// What a libcurl transfer does with the response body: collect it, write it to a file, or
// hand it to a stream consumer, each with its own bound.
import Foundation

/// The body handling of one `CurlTransfer`.
enum CurlTransferMode: Sendable {
    /// Collect the body in memory, at most `limit` bytes after decompression.
    case collect(limit: Int)
    /// Write a 2xx body to `temporaryPath`, renamed to `destination` at the end; at most `limit` bytes.
    case download(destination: String, temporaryPath: String, limit: Int64,
                  progress: @Sendable (Int64, Int64?) -> Void)
    /// Yield body chunks to `body`, failing when no head arrives or the body stalls per `limits`.
    case stream(limits: HTTPStreamLimits, body: AsyncThrowingStream<[UInt8], any Error>.Continuation)

    /// The most a JSON API response may hold (16 MiB): far above any real reply.
    static let collectLimit = 16 << 20
    /// The most of a non-2xx body a stream or download keeps (64 KiB).
    static let errorBodyLimit = 64 << 10

    /// True for the streaming mode.
    var isStream: Bool {
        if case .stream = self { return true }
        return false
    }
}
