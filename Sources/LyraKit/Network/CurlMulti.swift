// The one libcurl multi handle of the process and the one thread that drives it: it blocks in
// curl_multi_poll (no busy wait), is woken by curl_multi_wakeup when work is added or cancelled,
// and is the only thread that touches easy handles.
import CCurl
import Foundation
import Synchronization

/// The multi handle's pointer. Safe to share: only the driver thread uses it, except for
/// `curl_multi_wakeup`, which libcurl documents as callable from any thread.
struct CurlMultiHandle: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer
}

/// Runs transfers on the shared multi handle.
final class CurlMulti: Sendable {
    /// A request from a caller to the driver thread.
    enum Command: Sendable {
        case add(CurlTransfer)
        case cancel(CurlTransfer)
    }

    /// The process-wide engine, or the reason libcurl could not be loaded. Created on first use,
    /// with its driver thread running.
    static var shared: Result<CurlMulti, APIError> {
        if case let .success(engine) = loaded, engine.claimDriver() { engine.startDriverThread() }
        return loaded
    }

    /// The engine, loaded on first use; its driver runs on the first thread that claims it.
    private static let loaded: Result<CurlMulti, APIError> = load()

    private let handle: CurlMultiHandle
    private let commands = Mutex<[Command]>([])
    private let driverClaimed: Atomic<Bool>
    /// Whether the engine was made after the loading thread said it would drive it (see
    /// `loadAndDrive`): then the driver role is taken from the start.
    private let claimedForLoader: Bool
    /// Set by the loading thread before it touches `loaded`.
    private static let loaderWillDrive = Atomic(false)

    private init(handle: CurlMultiHandle, claimedForLoader: Bool) {
        self.handle = handle
        self.claimedForLoader = claimedForLoader
        driverClaimed = Atomic(claimedForLoader)
    }

    /// Starts `transfer` (it ends through its own `finish`).
    func add(_ transfer: CurlTransfer) {
        submit(.add(transfer))
    }

    /// Ends `transfer` with `APIError.cancelled` as soon as the driver wakes (at once).
    func cancel(_ transfer: CurlTransfer) {
        transfer.markCancelled()
        submit(.cancel(transfer))
    }

    /// For the thread that loads libcurl ahead of the first request: loads it, calls `ready`, and,
    /// unless another thread already drives the engine, becomes its driver thread (one thread fewer
    /// to create on a one-shot's way to its request), never returning.
    /// The role is claimed before the load: a request waiting for the load (in `shared`) wakes when
    /// it ends and would otherwise often win the race and start a driver thread of its own (~0.5 ms
    /// on a one-shot's critical path), while this thread went idle.
    static func loadAndDrive(ready: () -> Void) {
        loaderWillDrive.store(true, ordering: .sequentiallyConsistent)
        guard case let .success(engine) = loaded, engine.claimedForLoader || engine.claimDriver() else { return ready() }
        ready()
        engine.drive()
    }

    // MARK: - Private

    /// True for the first caller only.
    private func claimDriver() -> Bool {
        !driverClaimed.load(ordering: .acquiring) && driverClaimed.compareExchange(
            expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
    }

    private func startDriverThread() {
        Thread { [self] in drive() }.start()
    }

    /// The driver loop, on the calling thread, forever.
    private func drive() -> Never {
        ccurl_name_current_thread("lyra.curl")
        var loop = CurlMultiLoop(multi: handle)
        loop.run { commands.withLock { commands in defer { commands = [] }; return commands } }
    }

    private func submit(_ command: Command) {
        commands.withLock { $0.append(command) }
        _ = ccurl_multi_wakeup(handle.pointer)
    }

    private static func load() -> Result<CurlMulti, APIError> {
        var message = [CChar](repeating: 0, count: 256)
        guard ccurl_load(&message, message.count) == 0 else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(.networkError(text))
        }
        guard let pointer = ccurl_multi_init() else { return .failure(.networkError("libcurl could not start")) }
        // Keep idle connections to a few dozen origins (libcurl's default follows the number of
        // running transfers, so one busy moment would evict the connection a chat keeps reusing).
        _ = ccurl_multi_setopt_long(pointer, CURLMOPT_MAXCONNECTS, 32)
        let claimed = loaderWillDrive.load(ordering: .sequentiallyConsistent)
        return .success(CurlMulti(handle: CurlMultiHandle(pointer: pointer), claimedForLoader: claimed))
    }
}
