// Settings of the local backend (SPEC §6, §16): address, auth requirements, video timing and the
// bounds on what a running server holds.

/// How a `LocalBackend` listens, which credentials it demands and how much it holds at once.
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
    /// The most connections open at once; one more is answered 503 (`Connection: close`) and closed.
    public var maxConnections: Int = 64
    /// How long a request head may take to arrive, counted from the connection's accept (first
    /// request) or from the request's first byte (later ones); a slower connection is closed.
    public var headDeadlineMilliseconds: Int = 10_000
    /// The request body bytes all connections together may hold; a request whose body would pass
    /// it answers 503.
    public var maxBufferedBytes: Int = 256 * 1024 * 1024
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
