// The seam between the API client and the network: send, upload from a file, and stream a
// download to a file. `URLSessionTransport` is the live implementation; tests may inject fakes.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Moves HTTP requests and responses. Any status is a successful exchange here, except that
/// `download` only writes 2xx bodies to disk.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the whole body and the response.
    /// - Throws: `APIError.networkError`, or `APIError.cancelled` when the calling task is cancelled.
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)

    /// Sends `request` with the body read from `fromFile`.
    /// - Throws: as `send(_:)`.
    func upload(_ request: URLRequest, fromFile: URL) async throws -> (Data, HTTPURLResponse)

    /// Streams a 2xx response body into `destination` (replacing it), calling `progress` with the bytes
    /// received so far and the expected total when known. A non-2xx response leaves no file and throws
    /// the mapped `APIError`.
    /// - Throws: `APIError`, or `StorageError` when the file cannot be written.
    func download(
        _ request: URLRequest, to destination: URL, progress: @escaping @Sendable (Int64, Int64?) -> Void
    ) async throws -> HTTPURLResponse
}
