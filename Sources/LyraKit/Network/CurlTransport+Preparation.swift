// Loading libcurl ahead of the first request: a chat turn saves the user's message (fsync) before
// it sends anything, so libcurl's ~30 libraries and its initialisation can load meanwhile.
import Foundation
import Synchronization

extension CurlTransport {
    /// Loads libcurl and starts its driver thread on a thread of its own, once per process, and
    /// returns at once; the first request waits only for what is not done yet. Commands that never
    /// touch the network never call it, so they still start without libcurl.
    /// Call it once the threads needed meanwhile exist: `dlopen` holds the dynamic loader's lock
    /// while it maps and relocates libcurl's libraries, and creating a thread waits for that lock.
    /// Whoever calls `exit` afterwards must call ``awaitPreparation()`` first.
    public static func prepareInBackground() {
        _ = preparation
    }

    /// Blocks until a load started by ``prepareInBackground()`` has finished (returns at once when
    /// none was started). Call it before `exit`: exit handlers the libraries register while loading
    /// (OpenSSL's clean-up) must not run while the loading thread is still initialising them — that
    /// crashed in libcrypto and libk5crypto (SIGSEGV, about 1 early exit in 8). An `atexit` handler
    /// cannot do this wait: OpenSSL's own handler is registered later, so it would run first.
    public static func awaitPreparation() {
        guard started.withLock({ $0 }) else { return }
        loaded.wait()
        loaded.signal()
    }

    /// Signalled when the loading thread is done (whatever the outcome).
    private static let loaded = DispatchSemaphore(value: 0)
    private static let started = Mutex(false)

    private static let preparation: Void = {
        started.withLock { $0 = true }
        let thread = Thread {
            CurlMulti.loadAndDrive { loaded.signal() }
        }
        thread.name = "lyra.curl-load"
        thread.start()
    }()
}
