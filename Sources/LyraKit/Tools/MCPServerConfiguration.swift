// One entry of config.json's `mcpServers` (SPEC §14), in the shape other MCP clients use:
// `{"time": {"command": "mcp-server-time", "args": [], "env": {"TZ": "UTC"}}}`.
import Foundation

/// How to start one MCP server.
public struct MCPServerConfiguration: Sendable, Equatable, Decodable {
    /// The server's name in Lyra (the `SERVER` of `SERVER__TOOL`), its key in `mcpServers`.
    public var name: String
    /// The program: a path, or a name looked up in `PATH`.
    public var command: String
    /// Its arguments.
    public var args: [String]
    /// Variables its environment gets besides `PATH`, `HOME` and `LANG`.
    public var env: [String: String]

    /// A server configuration.
    public init(name: String, command: String, args: [String] = [], env: [String: String] = [:]) {
        self.name = name
        self.command = command
        self.args = args
        self.env = env
    }

    enum CodingKeys: String, CodingKey { case command, args, env }

    /// Decodes an entry; the name is set by the caller from its key.
    /// - Throws: `DecodingError` when `command` is missing or a member has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = ""
        command = try container.decode(String.self, forKey: .command)
        args = try container.decodeIfPresent([String].self, forKey: .args) ?? []
        env = try container.decodeIfPresent([String: String].self, forKey: .env) ?? [:]
    }

    /// The whole environment of the server: its `env`, plus `PATH`, `HOME` and `LANG` from `parent`
    /// (never anything else of Lyra's: no tokens, no keys).
    public func environment(inheriting parent: [String: String]) -> [String: String] {
        var result: [String: String] = [:]
        for key in ["PATH", "HOME", "LANG"] { result[key] = parent[key] }
        if result["PATH"] == nil { result["PATH"] = "/usr/local/bin:/usr/bin:/bin" }
        result.merge(env) { _, configured in configured }
        return result
    }

    /// Whether `name` may be a server name: letters, digits, `-` and `_`, without `__` (the separator).
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("__")
            && name.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_") }
    }
}
