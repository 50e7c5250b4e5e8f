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

    private static let preparation: Void = {
        let thread = Thread { _ = CurlMulti.shared }
        thread.name = "lyra.curl-load"
        thread.start()
    }()
}
