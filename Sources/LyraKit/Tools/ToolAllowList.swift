// Which tool calls run without asking (SPEC §14): `--allow-tool SERVER__TOOL` (or `SERVER__*`),
// config `allowTools`, and the tools the user answered `a` (always) for in this session.
import Synchronization

/// Tool names allowed without asking; shared by the turns of a run.
public final class ToolAllowList: Sendable {
    private let patterns: Mutex<Set<String>>

    /// A list of `patterns`: `SERVER__TOOL`, or `SERVER__*` for every tool of a server.
    public init(_ patterns: some Sequence<String>) {
        self.patterns = Mutex(Set(patterns))
    }

    /// Whether `name` (`SERVER__TOOL`) is allowed.
    public func allows(_ name: String) -> Bool {
        patterns.withLock { patterns in
            if patterns.contains(name) { return true }
            guard let (server, _) = OfferedTool.split(name) else { return false }
            return patterns.contains(server + MCPToolbox.separator + "*")
        }
    }

    /// Allows `name` from now on (the user answered `a`).
    public func allowAlways(_ name: String) {
        _ = patterns.withLock { $0.insert(name) }
    }
}
