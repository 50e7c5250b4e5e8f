// The live HTTP transport: ONE long-lived URLSession for the whole process (a session per
// request crashes FoundationNetworking on Linux), with cancellation reaching the URLSessionTask.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends requests with a single shared `URLSession` whose delegate streams downloads to disk.
public final class URLSessionTransport: HTTPTransport {
    /// The process-wide transport, created on first use (never at start-up).
    public static let shared = URLSessionTransport()

    private let session: URLSession
    private let delegate: DownloadSessionDelegate

    /// Creates a transport with its own session. Prefer `shared`: make at most a few per process.
    public init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = RequestDeadline.effective(120)
        configuration.timeoutIntervalForResource = 3600
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "lyra.urlsession.delegate"
        delegate = DownloadSessionDelegate()
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    /// Sends `request` and collects the body (at most `ResponseCollection.defaultLimit` bytes).
    /// - Throws: `APIError.networkError` (also when the request's deadline passes),
    ///   `.decodingError` for an oversized body, or `APIError.cancelled` promptly when the task is cancelled.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let request = Self.closingConnection(request)
        return try await run(request) { pending in
            let task = self.session.dataTask(with: request)
            self.delegate.register(taskIdentifier: task.taskIdentifier,
                                   collection: .init(pending: pending, limit: ResponseCollection.defaultLimit))
            return task
        }
    }

    /// Sends `request` with its body streamed from `fromFile`.
    /// - Throws: as `send(_:)`.
    public func upload(_ request: URLRequest, fromFile: URL) async throws -> (Data, HTTPURLResponse) {
        let request = Self.closingConnection(request)
        return try await run(request) { pending in
            let task = self.session.uploadTask(with: request, fromFile: fromFile)
            self.delegate.register(taskIdentifier: task.taskIdentifier,
                                   collection: .init(pending: pending, limit: ResponseCollection.defaultLimit))
            return task
        }
    }

    /// Streams a 2xx body to `destination` through a temporary file in the same directory.
    /// - Throws: the mapped `APIError` for non-2xx, `.networkError`, `.cancelled`, or `StorageError`.
    public func download(
        _ request: URLRequest, to destination: URL, progress: @escaping @Sendable (Int64, Int64?) -> Void
    ) async throws -> HTTPURLResponse {
        let directory = destination.deletingLastPathComponent().standardizedFileURL.path
        let temporaryPath = directory + "/.\(destination.lastPathComponent).part-\(UInt32.random(in: 0 ... .max))"
        let request = Self.closingConnection(request)
        return try await run(request) { pending in
            let task = self.session.dataTask(with: request)
            self.delegate.register(taskIdentifier: task.taskIdentifier, job: .init(
                pending: pending, destination: destination, temporaryPath: temporaryPath, progress: progress))
            return task
        }
    }

    // MARK: - Private

    /// `request` with `Connection: close`. When a server drops a reused keep-alive connection before
    /// answering a POST, FoundationNetworking on Linux never completes the task (measured: a hang);
    /// a fresh connection per request fails cleanly instead.
    private static func closingConnection(_ request: URLRequest) -> URLRequest {
        var request = request
        request.setValue("close", forHTTPHeaderField: "Connection")
        return request
    }

    private func run<Value: Sendable>(
        _ request: URLRequest, makeTask: @escaping @Sendable (PendingURLTask<Value>) -> URLSessionTask
    ) async throws -> Value {
        try Task.checkCancellation()
        let pending = PendingURLTask<Value>()
        let timedOut = APIError.networkError(URLErrorDescription.text(for: .timedOut, host: request.url?.host() ?? "the server"))
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                pending.start(continuation) { makeTask(pending) }
                // URLSession on Linux ignores a request's timeoutInterval and has only an idle timeout,
                // so a server dripping bytes would hold Lyra forever: enforce the whole-request deadline.
                pending.failAfter(seconds: request.timeoutInterval, with: timedOut)
            }
        } onCancel: {
            pending.cancel()
        }
    }
}
