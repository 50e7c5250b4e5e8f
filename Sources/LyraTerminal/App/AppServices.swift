// The service layer as the terminal sees it: built lazily, so that start-up does no work until a
// command needs configuration, the network or the session store.
import Foundation
import LyraKit

/// Lazily built services shared by every command of one run.
@MainActor
public final class AppServices {
    /// The command-line options of this run.
    public let options: LaunchOptions
    /// The process environment (tests pass their own).
    public let environment: [String: String]
    /// Settings given on the command line or forced by the launcher (`--demo`).
    public let flags: [SettingKey: String]
    /// Lyra's XDG directories.
    public let directories: XDGDirectories
    /// The clock pollers sleep on.
    public let clock: any LyraClock

    private var cachedConfiguration: LyraConfiguration?
    private var cachedClient: APIClient?
    private var features: [ObjectIdentifier: AnyObject] = [:]
    private var lastingFeatures: [ObjectIdentifier: AnyObject] = [:]

    /// Services for one run.
    /// - Parameters:
    ///   - options: the parsed command line.
    ///   - environment: the process environment.
    ///   - overrides: settings forced by the launcher; they win over every other source.
    ///   - clock: the clock for polling (tests inject one).
    public init(options: LaunchOptions, environment: [String: String], overrides: [SettingKey: String] = [:],
                clock: any LyraClock = SystemClock()) {
        self.options = options
        self.environment = environment
        var flags: [SettingKey: String] = [:]
        if let baseURL = options.baseURL { flags[.baseURL] = baseURL }
        if options.plain { flags[.render] = RenderMode.plain.rawValue }
        self.flags = flags.merging(overrides) { _, forced in forced }
        self.directories = XDGDirectories(environment: environment)
        self.clock = clock
    }

    /// Whether this is a debug build (premium defaults to on, Apphud runs in debug mode).
    public nonisolated static var isDebugBuild: Bool {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }

    /// Reads and writes settings.
    public var configurationLoader: ConfigurationLoader {
        ConfigurationLoader(flags: flags, environment: environment, directories: directories)
    }

    /// The effective configuration, read once per run (until `reloadConfiguration`).
    /// - Throws: `ConfigurationError` or `StorageError` when a file or value is unusable.
    public func configuration() throws -> LyraConfiguration {
        if let cachedConfiguration { return cachedConfiguration }
        let configuration = try configurationLoader.load()
        cachedConfiguration = configuration
        return configuration
    }

    /// Forgets the cached configuration and client after a settings change.
    public func reloadConfiguration() {
        cachedConfiguration = nil
        cachedClient = nil
        features.removeAll()
    }

    /// The app backend client.
    /// - Throws: `APIError.missingBaseURL` or `.insecureURL` when the base URL is unusable.
    public func apiClient() throws -> APIClient {
        if let cachedClient { return cachedClient }
        let client = APIClient(config: try APIConfig(configuration: try configuration()))
        cachedClient = client
        return client
    }

    /// The one instance of a feature service for this run, made by `make` on first use.
    /// Features add an `AppServices` extension that calls this, e.g. `videoService()`.
    /// Kept as a cache keyed by type (not one stored property per service) on purpose: Swift
    /// extensions cannot add stored properties, and this lets each feature keep its wiring in its
    /// own `AppServices+Feature.swift` without this file knowing every service.
    /// - Parameters:
    ///   - type: the service's type, which keys the cache.
    ///   - survivesReload: keep it across `reloadConfiguration()` (a service that holds state,
    ///     such as the current chat session, and takes its backend per call).
    ///   - make: builds the service.
    /// - Throws: whatever `make` throws (nothing is cached then).
    public func shared<Service: AnyObject>(_ type: Service.Type, survivesReload: Bool = false,
                                           make: () throws -> Service) rethrows -> Service {
        let key = ObjectIdentifier(type)
        if let existing = (features[key] ?? lastingFeatures[key]) as? Service { return existing }
        let service = try make()
        if survivesReload { lastingFeatures[key] = service } else { features[key] = service }
        return service
    }
}
