// The MCP servers of one run (SPEC §14): started on the first turn that offers tools (or by `/tools`),
// kept for the run, restarted on the next turn when one died, stopped on exit. Their tools are
// offered to the model as `SERVER__TOOL`; a call goes to the server that owns it.
import Foundation

/// The configured MCP servers and their tools.
public actor MCPToolbox {
    /// The separator of a server's name and a tool's name in the names offered to a model.
    public static let separator = "__"

    /// One server as `/tools` shows it.
    public struct ServerStatus: Sendable, Equatable {
        /// Its name.
        public var name: String
        /// `running`, `not started`, or why it failed.
        public var state: String
        /// Whether it is running.
        public var isRunning: Bool
        /// Its tools (empty unless running).
        public var tools: [MCPTool]
    }

    /// The configured servers, by name, in name order.
    public let configurations: [MCPServerConfiguration]
    private let parentEnvironment: [String: String]
    private let logDirectory: URL
    private let timeout: Duration
    private var connections: [String: MCPConnection] = [:]
    private var tools: [String: [MCPTool]] = [:]
    private var failures: [String: String] = [:]

    /// A toolbox for `configurations`; servers get `parentEnvironment`'s PATH, HOME and LANG and log
    /// to `logDirectory`; each answer is awaited at most `timeout`.
    public init(configurations: [MCPServerConfiguration], parentEnvironment: [String: String], logDirectory: URL,
                timeout: Duration = .seconds(10)) {
        self.configurations = configurations.sorted { $0.name < $1.name }
        self.parentEnvironment = parentEnvironment
        self.logDirectory = logDirectory
        self.timeout = timeout
    }

    /// Whether any server is configured.
    public nonisolated var isEmpty: Bool { configurations.isEmpty }

    /// Starts every server that is not running (a dead one again), in parallel, each within the
    /// timeout, and returns the tools of those running plus one line per server that failed.
    public func prepare() async -> (tools: [OfferedTool], problems: [String]) {
        var problems: [String] = []
        for (name, connection) in connections where await !connection.isAlive {
            connections[name] = nil
            tools[name] = nil
            problems.append("MCP server '\(name)' had stopped; starting it again")
            await connection.stop()
        }
        let missing = configurations.filter { connections[$0.name] == nil }
        let started = await withTaskGroup(of: (String, Result<(MCPConnection, [MCPTool]), MCPError>).self) { group in
            for configuration in missing {
                group.addTask { [parentEnvironment, logDirectory, timeout] in
                    (configuration.name, await Self.start(configuration, parentEnvironment, logDirectory, timeout))
                }
            }
            var results: [(String, Result<(MCPConnection, [MCPTool]), MCPError>)] = []
            for await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }
        }
        for (name, result) in started {
            switch result {
            case .success(let (connection, list)):
                connections[name] = connection
                tools[name] = list
                failures[name] = nil
            case .failure(let error):
                failures[name] = error.description
                problems.append("\(error.description); its tools are left out of this turn")
            }
        }
        return (offeredTools, problems)
    }

    /// The tools of the running servers as offered to a model.
    public var offeredTools: [OfferedTool] {
        configurations.flatMap { configuration in
            (tools[configuration.name] ?? []).map { OfferedTool(server: configuration.name, tool: $0) }
        }
    }

    /// Every configured server with its state and tools.
    public var statuses: [ServerStatus] {
        configurations.map { configuration in
            let running = connections[configuration.name] != nil
            return ServerStatus(name: configuration.name,
                                state: running ? "running" : failures[configuration.name] ?? "not started",
                                isRunning: running, tools: tools[configuration.name] ?? [])
        }
    }

    /// Calls the tool offered as `qualifiedName` with `arguments`.
    /// - Throws: `MCPError` (unknown server or tool, time-out, exit), `CancellationError`.
    public func call(_ qualifiedName: String, arguments: JSONTree) async throws -> MCPToolResult {
        guard let (server, tool) = OfferedTool.split(qualifiedName), let connection = connections[server] else {
            throw MCPError.unknownServer(OfferedTool.split(qualifiedName)?.server ?? qualifiedName)
        }
        return try await connection.callTool(tool, arguments: arguments)
    }

    /// Stops every server (SIGTERM, SIGKILL after 2 s) and forgets them.
    public func stopAll() async {
        let running = connections.values
        connections.removeAll()
        tools.removeAll()
        await withTaskGroup(of: Void.self) { group in
            for connection in running { group.addTask { await connection.stop() } }
        }
    }

    private static func start(_ configuration: MCPServerConfiguration, _ parent: [String: String], _ logs: URL,
                              _ timeout: Duration) async -> Result<(MCPConnection, [MCPTool]), MCPError> {
        do {
            let connection = try await MCPConnection.start(configuration, parent: parent, logDirectory: logs, timeout: timeout)
            do {
                return .success((connection, try await connection.listTools()))
            } catch {
                await connection.stop()
                throw error
            }
        } catch let error as MCPError {
            return .failure(error)
        } catch {
            return .failure(.startFailed(server: configuration.name, reason: "\(error)"))
        }
    }
}

/// A tool offered to a model: `SERVER__TOOL`, its description and parameters.
public struct OfferedTool: Sendable, Equatable {
    /// The server that owns it.
    public var server: String
    /// The tool.
    public var tool: MCPTool

    /// A tool of `server`.
    public init(server: String, tool: MCPTool) {
        self.server = server
        self.tool = tool
    }

    /// The name the model sees: `SERVER__TOOL`.
    public var qualifiedName: String { server + MCPToolbox.separator + tool.name }

    /// `SERVER__TOOL` split at its first `__`; nil when there is none.
    public static func split(_ name: String) -> (server: String, tool: String)? {
        guard let range = name.range(of: MCPToolbox.separator) else { return nil }
        let server = String(name[..<range.lowerBound])
        let tool = String(name[range.upperBound...])
        return server.isEmpty || tool.isEmpty ? nil : (server, tool)
    }
}
