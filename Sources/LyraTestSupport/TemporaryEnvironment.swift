// TemporaryEnvironment: a throw-away home and XDG directories plus a minimal, clean process
// environment for one test, so the real user's config, sessions and tokens never leak in.
import Foundation
import Synchronization

/// A fresh temporary root with `home/`, `data/`, `config/`, `state/` and `work/` directories,
/// and the environment a program under test should get. Removed on `deinit` or `remove()`.
public final class TemporaryEnvironment: Sendable {
    /// The temporary root holding every other directory.
    public let root: URL
    /// `$HOME` of the program under test.
    public let homeDirectory: URL
    /// `$XDG_DATA_HOME`; sessions live in `lyra/sessions/` under it.
    public let dataDirectory: URL
    /// `$XDG_CONFIG_HOME`; `lyra/config.json` and `lyra/credentials.json` live under it.
    public let configDirectory: URL
    /// `$XDG_STATE_HOME`; history and the user id live in `lyra/` under it.
    public let stateDirectory: URL
    /// A scratch directory, the working directory of programs started through this environment.
    public let workDirectory: URL

    private let variables: Mutex<[String: String]>
    private let removed = Mutex(false)

    /// Creates the directories and the minimal environment: `HOME`, `XDG_DATA_HOME`,
    /// `XDG_CONFIG_HOME`, `XDG_STATE_HOME`, `PATH` (from this process), `LANG=C.UTF-8` and
    /// `TERM=xterm-256color`, and nothing else from the parent.
    /// - Throws: `HarnessError.temporaryDirectoryFailed` when the directories cannot be made.
    public init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("lyra-test-XXXXXX")
        var template = Array(base.path.utf8CString)
        guard mkdtemp(&template) != nil else {
            throw HarnessError.temporaryDirectoryFailed(reason: String(cString: strerror(errno)))
        }
        root = URL(fileURLWithPath: String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) },
                                           as: UTF8.self), isDirectory: true)
        homeDirectory = root.appendingPathComponent("home", isDirectory: true)
        dataDirectory = root.appendingPathComponent("data", isDirectory: true)
        configDirectory = root.appendingPathComponent("config", isDirectory: true)
        stateDirectory = root.appendingPathComponent("state", isDirectory: true)
        workDirectory = root.appendingPathComponent("work", isDirectory: true)
        do {
            for directory in [homeDirectory, dataDirectory, configDirectory, stateDirectory, workDirectory] {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            }
        } catch {
            try? FileManager.default.removeItem(at: root)
            throw HarnessError.temporaryDirectoryFailed(reason: error.localizedDescription)
        }
        variables = Mutex([
            "HOME": homeDirectory.path,
            "XDG_DATA_HOME": dataDirectory.path,
            "XDG_CONFIG_HOME": configDirectory.path,
            "XDG_STATE_HOME": stateDirectory.path,
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "TERM": "xterm-256color",
        ])
    }

    deinit {
        remove()
    }

    // MARK: - Environment variables

    /// The environment for a program under test (a copy; change it with `set`/`unset`).
    public var environment: [String: String] {
        variables.withLock { $0 }
    }

    /// Sets `name` to `value` in `environment` for every later program.
    public func set(_ name: String, _ value: String) {
        variables.withLock { $0[name] = value }
    }

    /// Sets several variables at once.
    public func set(_ values: [String: String]) {
        variables.withLock { $0.merge(values) { _, new in new } }
    }

    /// Removes `name` from `environment`.
    public func unset(_ name: String) {
        variables.withLock { $0[name] = nil }
    }

    /// `environment` with `extra` added on top, leaving this environment unchanged.
    public func environment(adding extra: [String: String]) -> [String: String] {
        environment.merging(extra) { _, new in new }
    }

    // MARK: - Lyra's files

    /// `$XDG_DATA_HOME/lyra/sessions`, where Lyra stores session files.
    public var sessionsDirectory: URL {
        dataDirectory.appendingPathComponent("lyra/sessions", isDirectory: true)
    }

    /// `$XDG_CONFIG_HOME/lyra/config.json`.
    public var configFile: URL {
        configDirectory.appendingPathComponent("lyra/config.json")
    }

    /// `$XDG_CONFIG_HOME/lyra/credentials.json`.
    public var credentialsFile: URL {
        configDirectory.appendingPathComponent("lyra/credentials.json")
    }

    /// `$XDG_STATE_HOME/lyra`, holding the history file and the user id.
    public var lyraStateDirectory: URL {
        stateDirectory.appendingPathComponent("lyra", isDirectory: true)
    }

    // MARK: - Cleanup

    /// Deletes the temporary root and everything in it. Safe to call more than once.
    public func remove() {
        let alreadyRemoved = removed.withLock { flag in
            defer { flag = true }
            return flag
        }
        guard !alreadyRemoved else { return }
        try? FileManager.default.removeItem(at: root)
    }
}
