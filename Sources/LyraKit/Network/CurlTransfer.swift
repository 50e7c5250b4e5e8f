// One request on the shared libcurl multi handle, as seen by both sides: the caller (start,
// cancel) and the driver thread (libcurl's header, body and read callbacks, and the end).
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A transfer: its request, what it does with the body, and its guarded state.
final class CurlTransfer: Sendable {
    /// The request as sent, without its body: that is read from `state.reader`, which lets go of it
    /// when the transfer ends or is cancelled. A chat request's body is made from the session's own
    /// messages, and a transfer can outlive its reply by a few milliseconds (issue 34).
    let request: HTTPRequest
    /// What happens to the body.
    let mode: CurlTransferMode
    /// The proxy it goes through (nil: directly), handed to libcurl as is.
    let proxy: ProxyRoute?
    let state: Mutex<CurlTransferState>

    /// Creates a transfer that has not started.
    init(request: HTTPRequest, mode: CurlTransferMode, proxy: ProxyRoute? = nil) {
        var head = request
        head.body = .empty
        self.request = head
        self.mode = mode
        self.proxy = proxy
        state = Mutex(CurlTransferState(body: request.body))
    }

    /// The host named in error messages.
    var hostName: String { request.url.host() ?? "the server" }

    // MARK: - Caller side

    /// Stores the caller's continuation; false (and the continuation resumed with `.cancelled`)
    /// when the caller was cancelled before the transfer could start.
    func attach(_ continuation: CheckedContinuation<HTTPResponseHead, any Error>) -> Bool {
        let cancelled = state.withLock { state in
            if !state.cancelled { state.continuation = continuation }
            return state.cancelled
        }
        if cancelled { continuation.resume(throwing: APIError.cancelled) }
        return !cancelled
    }

    /// Marks the transfer cancelled (the driver then ends it); safe to call any number of times.
    func markCancelled() {
        state.withLock { state in
            state.cancelled = true
            state.reader.release()
        }
    }

    /// True once the caller cancelled.
    var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// The collected body (after the transfer ended).
    var collectedBody: Data { state.withLock { $0.body } }

    // MARK: - Driver side: callbacks

    /// One header line (status line, field, or the blank line ending the head). False aborts.
    func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let line = HTTPHeaderLine(bytes)
        var ready: (CheckedContinuation<HTTPResponseHead, any Error>, HTTPResponseHead)?
        let accepted = state.withLock { state -> Bool in
            state.lastActivity = .now
            switch line {
            case .status(let code):
                state.statusCode = code
                state.headers = []
                state.headComplete = false
            case .blank:
                // A 1xx head is followed by the real one; a blank line after trailers ends nothing new.
                guard state.statusCode >= 200, !state.headComplete else { return true }
                state.headComplete = true
                guard openDownloadFile(&state) else { return false }
                if mode.isStream, let continuation = state.takeContinuation() {
                    ready = (continuation, head(state))
                }
            case .field(let name, let value):
                state.headers.append((name, value))
            case .other:
                break
            }
            return true
        }
        if let (continuation, head) = ready { continuation.resume(returning: head) }
        return accepted
    }

    /// Body bytes after decoding. False aborts the transfer (a limit was passed, or it was cancelled).
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var delivery = Delivery.none
        let accepted = state.withLock { state -> Bool in
            guard !state.cancelled, !state.finished else { return false }
            state.lastActivity = .now
            return take(bytes, into: &state, delivery: &delivery)
        }
        switch (delivery, mode) {
        case let (.progress(received, total), .download(_, _, _, report)): report(received, total)
        case let (.chunk(chunk), .stream(_, body)): body.yield(chunk)
        default: break
        }
        return accepted
    }

    /// Fills `buffer` with request body bytes: the count, 0 at the end, nil on a read error.
    func readBody(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        state.withLock { state in
            guard !state.cancelled else { return nil }
            do {
                return try state.reader.read(into: buffer)
            } catch {
                state.failure = error
                return nil
            }
        }
    }

    /// Whether libcurl may rewind the request body to `offset` to retry on a fresh connection:
    /// only when no byte was handed out yet (a request that may have been sent is never re-sent).
    func canRewind(to offset: Int64) -> Bool {
        state.withLock { $0.reader.consumed == 0 && offset == 0 }
    }

    // MARK: - Private

    private func head(_ state: CurlTransferState) -> HTTPResponseHead {
        HTTPResponseHead(statusCode: state.statusCode, url: request.url, headers: state.headers)
    }

    private func openDownloadFile(_ state: inout CurlTransferState) -> Bool {
        guard case let .download(_, temporaryPath, _, _) = mode, (200 ..< 300).contains(state.statusCode) else {
            return true
        }
        do {
            state.file = DownloadFileWriter(file: try PosixFile.opening(temporaryPath, flags: O_WRONLY | O_CREAT | O_EXCL))
            return true
        } catch {
            state.failure = error
            return false
        }
    }
}
