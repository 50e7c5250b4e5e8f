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
    /// The providers of this run, made from the configuration on first use (a chat turn asks each time).
    private var cachedCatalog: ProviderCatalog?

    // The feature services of this run, each built on first use by its `AppServices+Feature.swift`
    // accessor (stored here because extensions cannot add stored properties). These three hold
    // state (the current session, the chosen model) and take their backend per call, so they are
    // kept across `reloadConfiguration()`:
    /// The chat service: one current session per run, over the session files.
    lazy var chat = ChatService(store: SessionStore(directory: sessionsDirectory,
                                                    warn: Self.printWarning), clock: clock,
                                attachments: attachmentStore)
    /// The schema replies must follow (`--schema`), read when the run starts.
    public var responseFormat: ChatResponseFormat?
    /// The explicit model choice of this run (`--model`, `LYRA_MODEL`, `/model`).
    lazy var modelChoice = ModelChoice()
    /// This run's thinking level and reasoning display (`--think`, `--reasoning`, `/think`).
    lazy var thinking = ThinkingChoice(level: options.think.flatMap { try? ThinkLevel.parse($0) },
                                       fromCommandLine: options.think != nil, show: options.reasoning,
                                       thinkOpenFile: ThinkOpenModels(directories: directories))
    /// This run's MCP servers, allow list and `/tools off|on` (SPEC §14).
    lazy var tools = ToolSession()
    /// The context windows learned this run (SPEC §12), kept across configuration reloads.
    lazy var contextWindows = ContextWindowLookup()
    /// The writing services of this run, one per model.
    public private(set) lazy var writingServices = WritingServices()
    // These are made from the configuration, so `reloadConfiguration()` drops them:
    /// The video service, once `/video` needed it.
    var builtVideoService: VideoService?
    /// The subscription service, once a command needed it.
    var builtSubscriptionService: SubscriptionService?
    /// The premium gate, which keeps Apphud's answer.
    private(set) var premiumGate = PremiumGate()

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
        if let tokens = options.contextTokens { flags[.contextTokens] = tokens }
        self.flags = flags.merging(overrides) { _, forced in forced }
        self.directories = XDGDirectories(environment: environment)
        self.clock = clock
    }

    /// Prints a warning of the service layer on stderr, one paragraph (it may name a file), wrapped
    /// by words when stderr is a terminal.
    nonisolated static func printWarning(_ text: String) {
        Console.forMessages().writeErrorMessage("lyra: warning: " + TextSanitizer.singleLine(text))
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
        KnownSecrets.register([configuration.token, configuration.apphudAPIKey] + configuration.providerKeys.values.map { $0 })
        cachedConfiguration = configuration
        return configuration
    }

    /// Forgets the cached configuration and client after a settings change.
    public func reloadConfiguration() {
        cachedConfiguration = nil
        cachedClient = nil
        cachedCatalog = nil
        builtVideoService = nil
        builtSubscriptionService = nil
        premiumGate = PremiumGate()
    }

    /// The providers of this run (`demo` only under `--demo`), built once per configuration.
    /// - Throws: configuration errors.
    public func providerCatalog() throws -> ProviderCatalog {
        if let cachedCatalog { return cachedCatalog }
        var catalog = ProviderCatalog(configuration: try configuration(), environment: environment,
                                      demoBaseURL: options.demo ? flags[.baseURL].flatMap(URL.init(string:)) : nil)
        // A server found on loopback on a port no built-in provider covers (llama.cpp, LM Studio, vLLM).
        if let detected = modelChoice.detected??.provider, catalog.provider(named: detected.name) == nil {
            catalog.add(detected)
        }
        // Keys from the environment (OPENAI_API_KEY, LYRA_API_KEY_<NAME>) are known only here.
        KnownSecrets.register(catalog.providers.values.map(\.apiKey))
        cachedCatalog = catalog
        return catalog
    }

    /// Forgets the catalog so the next use rebuilds it (after a server was found on loopback).
    func forgetProviderCatalog() {
        cachedCatalog = nil
    }

    /// The app backend client.
    /// - Throws: `APIError.missingBaseURL` or `.insecureURL` when the base URL is unusable.
    public func apiClient() throws -> APIClient {
        if let cachedClient { return cachedClient }
        let client = APIClient(config: try APIConfig(configuration: try configuration()))
        cachedClient = client
        return client
    }
}
