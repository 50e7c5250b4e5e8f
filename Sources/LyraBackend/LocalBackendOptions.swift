// Settings of the local backend (SPEC §6): address, auth requirements, video timing, limits.

/// How a `LocalBackend` listens and which credentials it demands.
public struct LocalBackendOptions: Sendable {
    /// The address to bind; loopback by default. `localhost` means 127.0.0.1.
    public var host: String = "127.0.0.1"
    /// The TCP port; 0 picks a free ephemeral port.
    public var port: UInt16 = 0
    /// When set, app routes without `Authorization: Bearer <token>` answer 401.
    public var requiredToken: String? = nil
    /// When set, `/v1/customers` with another `APPHUD-API-KEY` answers 401; when nil any non-empty key works.
    public var apphudAPIKey: String? = nil
    /// How many status polls of a video answer "in progress" before it is "completed".
    public var videoPollsToComplete: Int = 2
    /// The largest request body accepted; larger ones answer 413.
    public var maxBodyBytes: Int = 100 * 1024 * 1024
    /// The largest request header block accepted; larger ones answer 431.
    public var maxHeaderBytes: Int = 64 * 1024
    /// Whether the `/_test/*` control routes answer (they show clients' Authorization headers and
    /// change behaviour): nil means only when bound to a loopback address.
    public var testRoutes: Bool? = nil

    /// Whether `/_test/*` answers with these options (see ``testRoutes``).
    public var exposesTestRoutes: Bool {
        testRoutes ?? ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host.lowercased())
            || host.hasPrefix("127.")
    }

    /// Creates options; every parameter has the default described on its property.
    public init(
        host: String = "127.0.0.1",
        port: UInt16 = 0,
        requiredToken: String? = nil,
        apphudAPIKey: String? = nil,
        videoPollsToComplete: Int = 2,
        maxBodyBytes: Int = 100 * 1024 * 1024,
        maxHeaderBytes: Int = 64 * 1024
    ) {
        self.host = host
        self.port = port
        self.requiredToken = requiredToken
        self.apphudAPIKey = apphudAPIKey
        self.videoPollsToComplete = videoPollsToComplete
        self.maxBodyBytes = maxBodyBytes
        self.maxHeaderBytes = maxHeaderBytes
    }
}
