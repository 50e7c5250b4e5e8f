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

    /// The process-wide engine, or the reason libcurl could not be loaded: loaded by the first
    /// request, on that request's thread, which also starts the driver thread.
    static let shared: Result<CurlMulti, APIError> = load()

    private let handle: CurlMultiHandle
    private let commands = Mutex<[Command]>([])

    private init(handle: CurlMultiHandle) {
        self.handle = handle
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

    // MARK: - Private

    private func startDriverThread() {
        Thread { [self] in drive() }.start()
    }

    /// The driver loop, on the driver thread, forever.
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
        let engine = CurlMulti(handle: CurlMultiHandle(pointer: pointer))
        engine.startDriverThread()
        return .success(engine)
    }
}
