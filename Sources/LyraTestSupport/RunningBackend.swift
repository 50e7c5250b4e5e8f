// A local backend started for one test on an ephemeral loopback port, with its control client and
// the environment that points a `lyra` process at it.
import Foundation
import LyraBackend

/// A started `LocalBackend`, stopped when released.
public final class RunningBackend: Sendable {
    /// The server.
    public let backend: LocalBackend
    /// Its base URL, e.g. `http://127.0.0.1:40123`.
    public let url: URL
    /// The test control routes (faults, recorded requests, config).
    public let control: BackendControl
    /// The token the backend was started to require, if any.
    public let token: String

    /// Starts a backend.
    /// - Parameters:
    ///   - token: the bearer token `lyra` will send (and the backend require when `requireToken`).
    ///   - requireToken: whether requests without the token get 401.
    ///   - videoPollsToComplete: status polls that answer "in progress" before "completed".
    ///   - recordedBodyBytes: how much of each request body `control.requests()` shows (SPEC §16's
    ///     4 KiB by default); a test that checks a large body arrived whole raises it.
    public init(token: String = "test-token-1234", requireToken: Bool = true, videoPollsToComplete: Int = 2,
                recordedBodyBytes: Int = LocalBackendOptions().maxRecordedBodyBytes) throws {
        var options = LocalBackendOptions()
        // Tests drive the backend through its control routes (faults, recorded requests, config).
        options.testRoutes = true
        options.requiredToken = requireToken ? token : nil
        // Recorded requests mask credentials, so the backend itself checks the key `lyra` sends.
        options.apphudAPIKey = Self.apphudAPIKey
        options.videoPollsToComplete = videoPollsToComplete
        options.maxRecordedBodyBytes = recordedBodyBytes
        backend = LocalBackend(options: options)
        url = try backend.start()
        control = BackendControl(baseURL: url)
        self.token = token
    }

    deinit { backend.stop() }

    /// The Apphud API key `lyraEnvironment` gives `lyra`; `/v1/customers` with another key answers 401.
    public static let apphudAPIKey = "test-apphud-key"

    /// Variables that point `lyra` at this backend for everything (app backend and Apphud), with
    /// instant polling so tests never wait for real intervals.
    public var lyraEnvironment: [String: String] {
        [
            "LYRA_BASE_URL": url.absoluteString,
            "LYRA_TOKEN": token,
            "LYRA_APPHUD_URL": url.absoluteString,
            "LYRA_APPHUD_API_KEY": Self.apphudAPIKey,
            "LYRA_VIDEO_POLL_INTERVAL": "0.01",
            "LYRA_PURCHASE_POLL_INTERVAL": "0.01",
        ]
    }
}
