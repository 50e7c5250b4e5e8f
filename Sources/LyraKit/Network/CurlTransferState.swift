// The mutable state of one libcurl transfer, guarded by the transfer's mutex: the caller's
// continuation, the response head as it arrives, the collected body and the outcome so far.
import Foundation

/// Everything about a transfer that changes while it runs.
struct CurlTransferState {
    /// The caller waiting for the head (stream) or the end (send, download); resumed once.
    var continuation: CheckedContinuation<HTTPResponseHead, any Error>?
    /// Set by the caller's cancellation; the transfer ends with `APIError.cancelled`.
    var cancelled = false
    /// Set once the transfer ended.
    var finished = false
    /// The status of the latest status line (0 before any).
    var statusCode = 0
    /// The header fields of the latest response.
    var headers: [(name: String, value: String)] = []
    /// True once a final (non-1xx) head ended with its blank line.
    var headComplete = false
    /// The collected body (send, or a non-2xx body).
    var body = Data()
    /// The download file, open while a 2xx body is written.
    var file: DownloadFileWriter?
    /// Body bytes received after decoding.
    var received: Int64 = 0
    /// A failure decided by a callback (oversized body, unwritable file…), reported instead of libcurl's.
    var failure: (any Error)?
    /// True when a non-2xx stream/download body was cut at its limit (not a failure).
    var errorBodyTruncated = false
    /// The request body being sent.
    var reader: RequestBodyReader
    /// When the transfer started, and when the last byte arrived.
    var started: ContinuousClock.Instant
    var lastActivity: ContinuousClock.Instant

    /// Fresh state for a request with `body`.
    init(body: HTTPRequestBody) {
        reader = RequestBodyReader(body)
        started = .now
        lastActivity = started
    }

    /// Takes the continuation out (so it is resumed exactly once).
    mutating func takeContinuation() -> CheckedContinuation<HTTPResponseHead, any Error>? {
        defer { continuation = nil }
        return continuation
    }
}
