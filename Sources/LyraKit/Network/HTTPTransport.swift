// The seam between the API clients and the network: send, download to a file, and stream.
// `CurlTransport` is the live implementation (libcurl); tests may inject fakes.
import Foundation

/// Moves HTTP requests and responses. Any status is a successful exchange for `send` and `stream`;
/// `download` only writes 2xx bodies to disk. Redirects follow SPEC §10 (`RedirectPolicy`).
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the whole body (at most 16 MiB after decompression) and the head.
    /// - Throws: `APIError.networkError`, `.redirectRefused`, `.decodingError` for an oversized body,
    ///   or `APIError.cancelled` when the calling task is cancelled.
    /// Runs on the caller's executor (`nonisolated(nonsending)`), so only the network thread is a hop.
    nonisolated(nonsending) func send(_ request: HTTPRequest) async throws -> (Data, HTTPResponseHead)

    /// Streams a 2xx response body (at most 2 GiB) into `destination` through a temporary file that
    /// is renamed at the end, calling `progress` with the bytes so far and the total when known.
    /// A non-2xx response leaves no file and throws its mapped `APIError`; a failure leaves no file.
    /// - Throws: as `send`, the mapped status error, or `StorageError` when the file cannot be written.
    func download(_ request: HTTPRequest, to destination: URL,
                  progress: @escaping @Sendable (Int64, Int64?) -> Void) async throws -> HTTPResponseHead

    /// Sends `request` and returns once the response head arrived; the body arrives as chunks.
    /// Stopping the iteration (or cancelling its task) ends the transfer at once.
    /// - Throws: as `send`; a missing head within `limits.firstByte` is a `networkError`.
    func stream(_ request: HTTPRequest, limits: HTTPStreamLimits) async throws -> HTTPStreamingResponse
}
