// Where Lyra keeps its files, per the XDG Base Directory specification (SPEC §3):
// data (sessions), config (config.json, credentials.json) and state (history, user id).
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lyra's data, config and state directories, resolved from an environment dictionary.
///
/// A relative or empty `XDG_*` variable counts as unset; the defaults live under `HOME`
/// (`~/.local/share`, `~/.config`, `~/.local/state`). Resolving does no I/O.
public struct XDGDirectories: Sendable, Equatable {
    /// `$XDG_DATA_HOME` or `~/.local/share`.
    public let dataHome: URL
    /// `$XDG_CONFIG_HOME` or `~/.config`.
    public let configHome: URL
    /// `$XDG_STATE_HOME` or `~/.local/state`.
    public let stateHome: URL

    /// Resolves the homes from `environment` (the process environment in production, `ProcessInfo.processInfo.environment`).
    public init(environment: [String: String]) {
        let home = Self.homeDirectory(environment: environment)
        dataHome = Self.resolve("XDG_DATA_HOME", environment, default: home.appending(path: ".local/share"))
        configHome = Self.resolve("XDG_CONFIG_HOME", environment, default: home.appending(path: ".config"))
        stateHome = Self.resolve("XDG_STATE_HOME", environment, default: home.appending(path: ".local/state"))
    }

    /// `<data home>/lyra`.
    public var dataDirectory: URL { dataHome.appending(path: "lyra", directoryHint: .isDirectory) }
    /// `<config home>/lyra`.
    public var configDirectory: URL { configHome.appending(path: "lyra", directoryHint: .isDirectory) }
    /// `<state home>/lyra`.
    public var stateDirectory: URL { stateHome.appending(path: "lyra", directoryHint: .isDirectory) }
    /// `<data home>/lyra/sessions`.
    public var sessionsDirectory: URL { dataDirectory.appending(path: "sessions", directoryHint: .isDirectory) }
    /// `<config home>/lyra/config.json`.
    public var configFile: URL { configDirectory.appending(path: "config.json") }
    /// `<config home>/lyra/credentials.json`.
    public var credentialsFile: URL { configDirectory.appending(path: "credentials.json") }
    /// `<state home>/lyra/user-id`.
    public var userIDFile: URL { stateDirectory.appending(path: "user-id") }

    /// Creates `url` and any missing parents with mode 0700. Existing directories are left as they are.
    /// - Throws: `StorageError.notADirectory` when a path component is a file, or `.fileSystem`.
    public func ensure(_ url: URL) throws {
        try Self.ensureDirectory(url)
    }

    /// Creates `url` and any missing parents with mode 0700 (the same as `ensure(_:)`, without an
    /// instance). An existing `url` that is world-writable or owned by another user is refused.
    /// - Throws: `StorageError.notADirectory` when a path component is a file,
    ///   `.unsafeDirectory` for a directory others could write to, or `.fileSystem`.
    public static func ensureDirectory(_ url: URL) throws {
        let path = url.standardizedFileURL.path
        try makeDirectory(path)
        try requireSafe(path)
    }

    /// Refuses a directory others can write to: world-writable, or not owned by this user.
    private static func requireSafe(_ path: String) throws(StorageError) {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        let foreign = info.st_uid != geteuid()
        if foreign || info.st_mode & S_IWOTH != 0 {
            throw .unsafeDirectory(path: path, mode: UInt32(info.st_mode), foreignOwner: foreign)
        }
    }

    // MARK: - Private

    private static func makeDirectory(_ path: String) throws(StorageError) {
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw .notADirectory(path: path) }
            return
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path { try makeDirectory(parent) }
        if mkdir(path, 0o700) != 0, errno != EEXIST {
            throw .posix("create directory", path: path, code: errno)
        }
    }

    private static func resolve(_ name: String, _ environment: [String: String], default fallback: URL) -> URL {
        guard let value = environment[name], value.hasPrefix("/") else { return fallback }
        return URL(filePath: value, directoryHint: .isDirectory)
    }

    private static func homeDirectory(environment: [String: String]) -> URL {
        if let home = environment["HOME"], home.hasPrefix("/") {
            return URL(filePath: home, directoryHint: .isDirectory)
        }
        if let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir {
            return URL(filePath: String(cString: directory), directoryHint: .isDirectory)
        }
        return URL(filePath: "/tmp", directoryHint: .isDirectory)
    }
}
