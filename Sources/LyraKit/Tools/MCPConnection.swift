// A conversation with one MCP server over stdio (SPEC §14): JSON-RPC 2.0 requests matched to their
// answers by id, each with a deadline; `initialize` with version negotiation, `tools/list` with
// pagination, `tools/call`, and `notifications/cancelled` when a call's task is cancelled.
import Foundation

/// One started MCP server and the requests waiting for its answers.
actor MCPConnection {
    /// The protocol versions Lyra speaks, the newest first; the first is offered.
    static let supportedVersions = ["2025-06-18", "2025-11-25", "2025-03-26", "2024-11-05"]

    /// The server's name in Lyra.
    let server: String
    private let process: MCPProcess
    private let timeout: Duration
    private var nextID = 1
    private var waiting: [Int: CheckedContinuation<JSONTree, any Error>] = [:]
    private var timers: [Int: Task<Void, Never>] = [:]
    private var reader: Task<Void, Never>?
    /// Why the connection ended; nil while it is alive.
    private(set) var ended: MCPError?
    /// The protocol version the server agreed to.
    private(set) var protocolVersion = ""

    /// Starts `configuration`'s program (environment: its `env` plus PATH, HOME, LANG of `parent`),
    /// stderr to `logDirectory/NAME.log`, and completes the handshake, all within `timeout`.
    /// - Throws: `MCPError` (the process is stopped again when the handshake fails).
    static func start(_ configuration: MCPServerConfiguration, parent: [String: String], logDirectory: URL,
                      timeout: Duration) async throws -> MCPConnection {
        let process = try MCPProcess(
            server: configuration.name, command: configuration.command, arguments: configuration.args,
            environment: configuration.environment(inheriting: parent),
            logURL: logDirectory.appending(path: "\(configuration.name).log"))
        let connection = MCPConnection(server: configuration.name, process: process, timeout: timeout)
        await connection.startReading()
        do {
            try await connection.initialize()
        } catch {
            await connection.stop()
            throw error
        }
        return connection
    }

    private init(server: String, process: MCPProcess, timeout: Duration) {
        self.server = server
        self.process = process
        self.timeout = timeout
    }

    /// Whether the server is still there.
    var isAlive: Bool { ended == nil && !process.hasEnded }

    // MARK: - MCP methods

    /// `initialize`, then `notifications/initialized`.
    private func initialize() async throws {
        let params: JSONTree = .object([
            "protocolVersion": .string(Self.supportedVersions[0]),
            "capabilities": .object([:]),
            "clientInfo": .object(["name": .string("lyra"), "version": .string("0.1.0")]),
        ])
        let result = try await request("initialize", params: params)
        guard let version = result["protocolVersion"]?.stringValue else {
            throw MCPError.protocolError(server: server, reason: "its initialize answer names no protocol version")
        }
        guard Self.supportedVersions.contains(version) else {
            throw MCPError.protocolError(
                server: server, reason: "it speaks protocol version \(TextSanitizer.singleLine(version, limit: 40)), which Lyra does not")
        }
        protocolVersion = version
        try await notify("notifications/initialized", params: nil)
    }

    /// Every tool of the server (`tools/list`, following `nextCursor`, at most 100 pages).
    func listTools() async throws -> [MCPTool] {
        var tools: [MCPTool] = []
        var cursor: String?
        for _ in 0..<100 {
            let params: JSONTree = cursor.map { .object(["cursor": .string($0)]) } ?? .object([:])
            let result = try await request("tools/list", params: params)
            for tool in result["tools"]?.arrayValue ?? [] {
                guard let name = tool["name"]?.stringValue, !name.isEmpty else { continue }
                tools.append(MCPTool(name: name, description: tool["description"]?.stringValue ?? "",
                                     inputSchema: tool["inputSchema"] ?? .object(["type": .string("object")])))
            }
            guard let next = result["nextCursor"]?.stringValue, !next.isEmpty, next != cursor else { break }
            cursor = next
        }
        return tools
    }

    /// Calls tool `name` with `arguments`; cancelling the task sends `notifications/cancelled`.
    /// - Throws: `MCPError` (an unknown tool is the server's JSON-RPC error), `CancellationError`.
    func callTool(_ name: String, arguments: JSONTree) async throws -> MCPToolResult {
        let result = try await request("tools/call", params: .object(["name": .string(name), "arguments": arguments]))
        return MCPToolResult(result: result)
    }

    /// Closes stdin and stops the process (SIGTERM, SIGKILL after 2 s), off the cooperative pool.
    func stop() async {
        fail(with: .exited(server: server))
        reader?.cancel()
        let process = process
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                process.stop()
                continuation.resume()
            }
        }
    }

    // MARK: - JSON-RPC

    /// Sends request `method` and waits for its answer's `result`.
    /// - Throws: `MCPError.rpcError` for an error answer, `.timedOut`, `.exited`; `CancellationError`
    ///   when the task is cancelled (the server is told with `notifications/cancelled`).
    func request(_ method: String, params: JSONTree?) async throws -> JSONTree {
        if let ended { throw ended }
        let id = nextID
        nextID += 1
        var message: [String: JSONTree] = ["jsonrpc": .string("2.0"), "id": .number(Double(id)), "method": .string(method)]
        if let params { message["params"] = params }
        let line = MCPLineBuffer.frame(Array(JSONTree.object(message).compactText.utf8))
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if let ended {
                    continuation.resume(throwing: ended)
                    return
                }
                // Waiting before the line is written: a quick answer must find its request.
                waiting[id] = continuation
                Task { await self.send(line, for: id) }
                let seconds = Int(timeout.components.seconds)
                timers[id] = Task { [timeout] in
                    try? await Task.sleep(for: timeout)
                    guard !Task.isCancelled else { return }
                    self.expire(id, error: MCPError.timedOut(server: server, what: method, seconds: seconds))
                }
                if Task.isCancelled { expire(id, error: CancellationError()) }
            }
        } onCancel: {
            Task { await self.cancel(id) }
        }
    }

    /// Writes request `id`'s line; when that fails, the server is gone and the request fails.
    private func send(_ line: [UInt8], for id: Int) async {
        guard await process.write(line) else {
            expire(id, error: MCPError.exited(server: server))
            fail(with: .exited(server: server))
            return
        }
    }

    /// Sends notification `method`.
    private func notify(_ method: String, params: JSONTree?) async throws {
        var message: [String: JSONTree] = ["jsonrpc": .string("2.0"), "method": .string(method)]
        if let params { message["params"] = params }
        guard await process.write(MCPLineBuffer.frame(Array(JSONTree.object(message).compactText.utf8))) else {
            throw fail(with: .exited(server: server))
        }
    }

    /// Request `id` was cancelled: the server is told, the waiting caller gets `CancellationError`.
    private func cancel(_ id: Int) async {
        guard waiting[id] != nil else { return }
        expire(id, error: CancellationError())
        try? await notify("notifications/cancelled",
                          params: .object(["requestId": .number(Double(id)), "reason": .string("cancelled by the user")]))
    }

    private func expire(_ id: Int, error: any Error) {
        timers.removeValue(forKey: id)?.cancel()
        waiting.removeValue(forKey: id)?.resume(throwing: error)
    }

    // MARK: - Reading

    private func startReading() {
        let output = process.output()
        reader = Task { [weak self] in
            var buffer = MCPLineBuffer()
            for await chunk in output {
                let lines = buffer.feed(chunk)
                if buffer.overflowed {
                    await self?.overflowed(limit: buffer.limit)
                    return
                }
                for line in lines { await self?.receive(line) }
            }
            await self?.outputEnded()
        }
    }

    private func overflowed(limit: Int) {
        fail(with: .protocolError(server: server, reason: "it sent a line longer than \(limit >> 20) MiB"))
        process.closeInput()
        process.signal(SIGKILL)
    }

    private func outputEnded() {
        fail(with: .exited(server: server))
        process.closeInput()
    }

    /// One line from the server: an answer to a request, a request of its own, or a notification.
    private func receive(_ line: [UInt8]) async {
        guard let message = try? JSONDecoder().decode(JSONTree.self, from: Data(line)), case .object = message else {
            return   // not JSON-RPC: a server printing logs to stdout; the line is skipped
        }
        let id = message["id"]
        if let method = message["method"]?.stringValue {
            if let id { await answer(request: method, id: id) }
            return
        }
        guard let number = id?.intValue, let continuation = waiting.removeValue(forKey: number) else { return }
        timers.removeValue(forKey: number)?.cancel()
        if let error = message["error"] {
            continuation.resume(throwing: MCPError.rpcError(
                server: server, code: error["code"]?.intValue ?? 0, message: error["message"]?.stringValue ?? "unknown error"))
        } else {
            continuation.resume(returning: message["result"] ?? .null)
        }
    }

    /// Answers a request the server sent: `ping` with `{}`, anything else "method not found".
    private func answer(request method: String, id: JSONTree) async {
        var message: [String: JSONTree] = ["jsonrpc": .string("2.0"), "id": id]
        if method == "ping" {
            message["result"] = .object([:])
        } else {
            message["error"] = .object(["code": .number(-32601), "message": .string("Method not found")])
        }
        _ = await process.write(MCPLineBuffer.frame(Array(JSONTree.object(message).compactText.utf8)))
    }

    /// Ends the connection with `error`: every waiting request fails with it.
    @discardableResult
    private func fail(with error: MCPError) -> MCPError {
        if ended == nil { ended = error }
        let pending = waiting
        waiting.removeAll()
        for timer in timers.values { timer.cancel() }
        timers.removeAll()
        for continuation in pending.values { continuation.resume(throwing: ended ?? error) }
        return ended ?? error
    }
}
