// A response whose head has arrived and whose body arrives as chunks; dropping the stream (or
// cancelling the task that iterates it) ends the transfer.
import Foundation

/// The head and the body stream of a streamed response.
public struct HTTPStreamingResponse: Sendable {
    /// The status and headers.
    public let head: HTTPResponseHead
    /// The body in chunks as they arrive (for a non-2xx head: the error body, at most 64 KiB).
    public let body: AsyncThrowingStream<[UInt8], any Error>

    /// Creates a streaming response.
    public init(head: HTTPResponseHead, body: AsyncThrowingStream<[UInt8], any Error>) {
        self.head = head
        self.body = body
    }
}
