// Settings of the local backend (SPEC §6, §16): address, auth requirements, video timing, test
// controls and the bounds on what a running server holds.

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
    /// Whether the `/_test/*` control routes answer (they change behaviour and list recorded requests).
    /// Off by default: without them `/_test/*` is 404 and no request is recorded at all.
    public var testRoutes: Bool = false
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
    /// How much of a request body `GET /_test/requests` keeps (the rest is cut, its size noted).
    public var maxRecordedBodyBytes: Int = 4 * 1024

    /// Creates options; every parameter has the default described on its property.
    public init(
        host: String = "127.0.0.1",
        port: UInt16 = 0,
        requiredToken: String? = nil,
        apphudAPIKey: String? = nil,
        videoPollsToComplete: Int = 2,
        testRoutes: Bool = false,
        maxBodyBytes: Int = 100 * 1024 * 1024,
        maxHeaderBytes: Int = 64 * 1024
    ) {
        self.host = host
        self.port = port
        self.requiredToken = requiredToken
        self.apphudAPIKey = apphudAPIKey
        self.videoPollsToComplete = videoPollsToComplete
        self.testRoutes = testRoutes
        self.maxBodyBytes = maxBodyBytes
        self.maxHeaderBytes = maxHeaderBytes
    }
}
