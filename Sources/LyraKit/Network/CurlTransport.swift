// The live HTTP transport over libcurl (loaded on first use): one multi handle and one driver
// thread for the whole process, keep-alive per origin, Lyra's own redirect policy, bounded bodies,
// and cancellation that ends the transfer at once.
import Foundation

/// Sends requests through the shared libcurl engine (see `CurlMulti`).
public final class CurlTransport: HTTPTransport {
    /// The process-wide transport; libcurl is loaded by its first request, never at start-up.
    public static let shared = CurlTransport()

    /// The largest download body (2 GiB by default; smaller in tests).
    private let downloadLimit: Int64
    /// The proxy variables requests are routed by.
    private let proxies: ProxyEnvironment

    /// A transport on the shared engine with a download cap of `downloadLimit` bytes, routing
    /// requests through the proxies `proxies` names (this process's variables by default).
    public init(downloadLimit: Int64 = CurlTransport.defaultDownloadLimit, proxies: ProxyEnvironment = .current()) {
        self.downloadLimit = downloadLimit
        self.proxies = proxies
    }

    /// The download cap of SPEC §10: 2 GiB.
    public static let defaultDownloadLimit: Int64 = 2 << 30

    /// Sends `request`, following same-origin redirects, and collects the body (at most 16 MiB decoded).
    /// - Throws: `APIError`.
    nonisolated(nonsending) public func send(_ request: HTTPRequest) async throws -> (Data, HTTPResponseHead) {
        var request = request
        for hop in 0 ... RedirectPolicy.maxRedirects + 1 {
            let transfer = try makeTransfer(request, mode: .collect(limit: CurlTransferMode.collectLimit))
            let head = try await run(transfer)
            try Self.checkProxyAnswer(head, transfer)
            guard let next = try Self.redirect(request, head: head, hop: hop) else {
                return (transfer.collectedBody, head)
            }
            request = next
        }
        throw APIError.networkError("too many redirects")
    }

    /// Streams a 2xx body into `destination` (at most 2 GiB) through a temporary file renamed at the end.
    /// - Throws: `APIError` (a non-2xx status mapped with its body's `detail`), or `StorageError`.
    public func download(_ request: HTTPRequest, to destination: URL,
                         progress: @escaping @Sendable (Int64, Int64?) -> Void) async throws -> HTTPResponseHead {
        let path = destination.standardizedFileURL.path
        let directory = destination.deletingLastPathComponent().standardizedFileURL.path
        var request = request
        for hop in 0 ... RedirectPolicy.maxRedirects + 1 {
            let temporary = directory + "/.\(destination.lastPathComponent).part-\(UInt32.random(in: 0 ... .max))"
            let mode = CurlTransferMode.download(destination: path, temporaryPath: temporary,
                                                 limit: downloadLimit, progress: progress)
            let transfer = try makeTransfer(request, mode: mode)
            let head = try await run(transfer)
            try Self.checkProxyAnswer(head, transfer)
            guard let next = try Self.redirect(request, head: head, hop: hop) else {
                if let error = HTTPStatusMapping.error(for: head, body: transfer.collectedBody) { throw error }
                return head
            }
            request = next
        }
        throw APIError.networkError("too many redirects")
    }

    /// Sends `request` and returns at the response head; the body follows as chunks.
    /// - Throws: `APIError`.
    public func stream(_ request: HTTPRequest, limits: HTTPStreamLimits) async throws -> HTTPStreamingResponse {
        var request = request
        for hop in 0 ... RedirectPolicy.maxRedirects + 1 {
            let (body, continuation) = AsyncThrowingStream<[UInt8], any Error>.makeStream()
            let transfer = try makeTransfer(request, mode: .stream(limits: limits, body: continuation))
            let engine = try CurlMulti.shared.get()
            continuation.onTermination = { _ in engine.cancel(transfer) }
            let head = try await run(transfer)
            do {
                try Self.checkProxyAnswer(head, transfer)
            } catch {
                engine.cancel(transfer)
                throw error
            }
            guard let next = try Self.redirect(request, head: head, hop: hop) else {
                return HTTPStreamingResponse(head: head, body: body)
            }
            engine.cancel(transfer)
            request = next
        }
        throw APIError.networkError("too many redirects")
    }

    // MARK: - Private

    /// A transfer for `request` on its proxy route.
    /// - Throws: `APIError.proxyRefused` when a plain-http request with credentials would go through
    ///   a proxy: the proxy (or anyone on the way to it) would read them in clear, so nothing is sent.
    ///   An https request tunnels through the proxy with CONNECT and is sent.
    private func makeTransfer(_ request: HTTPRequest, mode: CurlTransferMode) throws -> CurlTransfer {
        let proxy = proxies.route(for: request.url)
        if let proxy, request.url.scheme?.lowercased() == "http", request.carriesCredentials {
            throw APIError.proxyRefused(proxy: proxy.address, host: request.url.host() ?? "the host")
        }
        return CurlTransfer(request: request, mode: mode, proxy: proxy)
    }

    /// Runs `transfer` until its caller is resumed (the head for a stream, the end otherwise), on the
    /// caller's actor `isolation`: the operation closure names `isolation`, so it is isolated to it and
    /// does not hop to the global executor before the transfer is handed to the network thread.
    private func run(_ transfer: CurlTransfer, isolation: isolated (any Actor)? = #isolation)
        async throws -> HTTPResponseHead {
        let engine = try CurlMulti.shared.get()
        if Task.isCancelled { throw APIError.cancelled }
        return try await withTaskCancellationHandler(operation: {
            try await withCheckedThrowingContinuation(isolation: isolation) { continuation in
                if transfer.attach(continuation) { engine.add(transfer) }
            }
        }, onCancel: {
            engine.cancel(transfer)
        }, isolation: isolation)
    }

    /// - Throws: the proxy's demand for credentials when the proxy, not the origin, answered 407.
    private static func checkProxyAnswer(_ head: HTTPResponseHead, _ transfer: CurlTransfer) throws {
        if let proxy = transfer.proxy, head.statusCode == 407 { throw CurlErrorDescription.proxyAuthentication(proxy) }
    }

    /// The next request when `head` is a redirect the policy follows; nil to deliver `head`.
    /// - Throws: the policy's refusal.
    private static func redirect(_ request: HTTPRequest, head: HTTPResponseHead, hop: Int) throws -> HTTPRequest? {
        let decision = RedirectPolicy.decide(url: request.url, method: request.method, status: head.statusCode,
                                             location: head.value(forHeader: "Location"), redirectsSoFar: hop)
        switch decision {
        case .deliver: return nil
        case let .refuse(error): throw error
        case let .follow(url):
            var next = request
            next.url = url
            next.method = .get
            next.body = .empty
            return next
        }
    }
}
