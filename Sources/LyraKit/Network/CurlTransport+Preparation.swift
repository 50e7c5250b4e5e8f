// Loading libcurl ahead of the first request: a chat turn saves the user's message (fsync) before
// it sends anything, so libcurl's ~30 libraries and its initialisation can load meanwhile.
import Foundation

extension CurlTransport {
    /// Loads libcurl and starts its driver thread on a thread of its own, once per process, and
    /// returns at once; the first request waits only for what is not done yet. Commands that never
    /// touch the network never call it, so they still start without libcurl.
    public static func prepareInBackground() {
        _ = preparation
    }

    /// Signalled when the loading thread is done (whatever the outcome).
    private static let loaded = DispatchSemaphore(value: 0)

    private static let preparation: Void = {
        // `exit` (a configuration error, Ctrl-C) must not run the loaded libraries' destructors while
        // the loading thread is still inside `dlopen` running their constructors: that crashed
        // (SIGSEGV in libk5crypto). The exit handler waits for the load to finish first; it is
        // registered after libc's own, so it runs before the libraries are finalised.
        atexit { CurlTransport.awaitPreparation() }
        let thread = Thread {
            _ = CurlMulti.shared
            loaded.signal()
        }
        thread.name = "lyra.curl-load"
        thread.start()
    }()

    /// Blocks until the loading thread has finished (at once when it has).
    private static func awaitPreparation() {
        loaded.wait()
        loaded.signal()
    }
}
