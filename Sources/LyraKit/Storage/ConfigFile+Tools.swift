// config.json's tool members (SPEC §14): `mcpServers` (how to start each MCP server) and
// `allowTools` (tool names that run without asking, `SERVER__TOOL` or `SERVER__*`).
import Foundation

/// The tool settings of config.json.
public struct ToolConfiguration: Sendable, Equatable {
    /// The MCP servers, in name order.
    public var servers: [MCPServerConfiguration] = []
    /// `allowTools`.
    public var allowTools: [String] = []

    /// Empty settings.
    public init(servers: [MCPServerConfiguration] = [], allowTools: [String] = []) {
        self.servers = servers
        self.allowTools = allowTools
    }
}

extension ConfigFile {
    /// `mcpServers` and `allowTools` (empty when absent).
    /// - Throws: `StorageError.malformedFile` naming the member when one does not have its shape.
    public func readTools() throws -> ToolConfiguration {
        guard let data = try AtomicFile.readIfPresent(fileURL),
              !data.allSatisfy({ [0x20, 0x0A, 0x09, 0x0D].contains($0) }) else { return ToolConfiguration() }
        let members: ToolMembers
        do {
            members = try JSONDecoder().decode(ToolMembers.self, from: data)
        } catch {
            throw StorageError.malformedFile(path: fileURL.path, reason: "'mcpServers' must be an object like "
                + "{\"time\": {\"command\": \"mcp-server-time\", \"args\": [], \"env\": {}}} and 'allowTools' an array of names")
        }
        var servers: [MCPServerConfiguration] = []
        for (name, entry) in members.mcpServers ?? [:] {
            guard MCPServerConfiguration.isValidName(name) else {
                throw StorageError.malformedFile(path: fileURL.path, reason: "the MCP server name '\(TextSanitizer.singleLine(name, limit: 60))' "
                    + "may hold only letters, digits, '-' and '_', and no '__'")
            }
            var server = entry
            server.name = name
            servers.append(server)
        }
        return ToolConfiguration(servers: servers.sorted { $0.name < $1.name }, allowTools: members.allowTools ?? [])
    }

    private struct ToolMembers: Decodable {
        var mcpServers: [String: MCPServerConfiguration]?
        var allowTools: [String]?
    }
}
