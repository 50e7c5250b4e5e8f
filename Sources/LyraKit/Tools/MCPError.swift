// Why an MCP server or one of its tools failed (SPEC §14), typed so the front end never matches text.
import Foundation

/// A failure of an MCP server.
public enum MCPError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The server could not be started (program missing, not executable, …).
    case startFailed(server: String, reason: String)
    /// The server did not answer `what` within the time allowed.
    case timedOut(server: String, what: String, seconds: Int)
    /// The server's process ended (or closed its stdout).
    case exited(server: String)
    /// The server broke the protocol (a line too long, an unsupported version, a malformed answer).
    case protocolError(server: String, reason: String)
    /// The server answered a request with a JSON-RPC error.
    case rpcError(server: String, code: Int, message: String)
    /// No configured server has this name.
    case unknownServer(String)

    /// One line for a person.
    public var description: String {
        switch self {
        case .startFailed(let server, let reason): "MCP server '\(server)' could not start: \(reason)"
        case .timedOut(let server, let what, let seconds): "MCP server '\(server)' did not answer \(what) in \(seconds) s"
        case .exited(let server): "MCP server '\(server)' exited"
        case .protocolError(let server, let reason): "MCP server '\(server)': \(reason)"
        case .rpcError(let server, let code, let message):
            "MCP server '\(server)' answered error \(code): \(TextSanitizer.singleLine(message, limit: 300))"
        case .unknownServer(let name): "no MCP server is named '\(name)'"
        }
    }
}
