// The local backend of SPEC §6: a loopback HTTP/1.1 server with the app and Apphud routes.
// One thread accepts; each connection gets its own thread, up to a limit (SPEC §16), so a flood of
// connections costs a bounded number of threads. stop() wakes and closes them all.

import Dispatch
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A deterministic stand-in for the app backend and Apphud, served on loopback.
///
/// ```swift
/// let backend = LocalBackend()
/// let url = try backend.start()   // e.g. http://127.0.0.1:54321
/// defer { backend.stop() }
/// ```
public final class LocalBackend: Sendable {
    private enum Phase { case idle, running, stopped }

    private struct Lifecycle {
        var phase: Phase = .idle
        var listener: ListeningSocket?
        var baseURL: URL?
        var connections: Set<Int32> = []
    }

    /// What `register` decided about an accepted connection.
    private enum Admission { case admitted, full, stopping }

    private let options: LocalBackendOptions
    private let state = BackendState()
    private let budget: RequestBudget
    private let lifecycle = Mutex(Lifecycle())
    private let stopSignal = StopSignal()
    private let acceptLoopDone = DispatchSemaphore(value: 0)
    private let openConnections = DispatchGroup()

    /// Creates a backend; nothing is bound until `start()`.
    public init(options: LocalBackendOptions = .init()) {
        self.options = options
        self.budget = RequestBudget(limit: options.maxBufferedBytes)
    }

    /// Binds, listens and starts accepting connections.
    /// - Returns: the base URL, e.g. `http://127.0.0.1:54321` (no trailing slash).
    /// - Throws: `LocalBackendError` when the address cannot be bound or the backend already ran.
    @discardableResult
    public func start() throws -> URL {
        let (listener, url) = try lifecycle.withLock { life throws(LocalBackendError) -> (ListeningSocket, URL) in
            guard life.phase == .idle else { throw .notStartable }
            let listener = try ListeningSocket.open(host: options.host, port: options.port)
            guard let url = URL(string: "http://\(listener.urlHost):\(listener.port)") else {
                close(listener.fd)
                throw .invalidHost(options.host)
            }
            life.phase = .running
            life.listener = listener
            life.baseURL = url
            return (listener, url)
        }
        let router = BackendRouter(
            options: options, state: state, stopSignal: stopSignal, baseURL: url.absoluteString)
        let thread = Thread { [self] in acceptLoop(listener, router: router) }
        thread.name = "LyraBackend.accept"
        thread.start()
        return url
    }

    /// The base URL while running (and after stop), nil before `start()`.
    public var baseURL: URL? {
        lifecycle.withLock { $0.baseURL }
    }

    /// Closes the listener and every open connection, then returns (within about two seconds at most).
    public func stop() {
        let wasRunning = lifecycle.withLock { life -> Bool in
            let running = life.phase == .running
            life.phase = .stopped
            if let listener = life.listener { SocketIO.wake(listener.fd) }
            for fd in life.connections { SocketIO.wake(fd) }
            return running
        }
        stopSignal.fire()
        guard wasRunning else { return }
        _ = acceptLoopDone.wait(timeout: .now() + 2)
        _ = openConnections.wait(timeout: .now() + 2)
    }

    /// Blocks the calling thread until `stop()` is called (used by `lyra serve`).
    public func waitUntilStopped() {
        stopSignal.wait()
    }

    // MARK: - Threads

    private func acceptLoop(_ listener: ListeningSocket, router: BackendRouter) {
        while let client = listener.acceptConnection() {
            let acceptedAt = ContinuousClock.now
            let admission = register(client)
            if admission == .stopping {
                close(client)
                break
            }
            if admission == .full {
                // Answered here, on the accept thread: a thread per refused connection is what the
                // limit exists to prevent, and the answer is one small send.
                var refusal = HTTPResponse.detail("too many connections; try again later", status: 503)
                refusal.headers.append(("Retry-After", "1"))
                SocketIO.answerAndClose(client, refusal.serialized(keepAlive: false))
                continue
            }
            serve(client, acceptedAt: acceptedAt, router: router)
        }
        lifecycle.withLock { life in
            if let fd = life.listener?.fd { close(fd) }
            life.listener = nil
        }
        acceptLoopDone.signal()
    }

    /// Starts the thread of an admitted connection.
    private func serve(_ client: Int32, acceptedAt: ContinuousClock.Instant, router: BackendRouter) {
        SocketIO.setNoDelay(client)
        let number = router.connectionAccepted()
        SocketIO.setReceiveTimeout(client, milliseconds: 120_000)
        SocketIO.setSendTimeout(client, milliseconds: 120_000)
        let connection = HTTPConnection(
            fd: client, number: number, maxHeaderBytes: options.maxHeaderBytes, maxBodyBytes: options.maxBodyBytes,
            headDeadline: .milliseconds(options.headDeadlineMilliseconds), acceptedAt: acceptedAt,
            budget: budget, handle: { router.handle($0) }, closedIdle: { router.connectionClosedIdle() })
        let thread = Thread { [self] in
            connection.run()
            unregisterAndClose(client)
        }
        thread.name = "LyraBackend.connection"
        thread.start()
    }

    /// Records an open connection unless the backend is stopping or already has its most.
    private func register(_ fd: Int32) -> Admission {
        lifecycle.withLock { life in
            guard life.phase == .running else { return .stopping }
            guard life.connections.count < options.maxConnections else { return .full }
            life.connections.insert(fd)
            openConnections.enter()
            return .admitted
        }
    }

    /// Forgets and closes a connection under the lock, so stop() never touches a reused descriptor.
    private func unregisterAndClose(_ fd: Int32) {
        lifecycle.withLock { life in
            life.connections.remove(fd)
            close(fd)
        }
        openConnections.leave()
    }
}
