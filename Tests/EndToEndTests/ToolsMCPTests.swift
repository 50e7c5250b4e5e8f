// Tools over MCP end to end (SPEC §14): the built `lyra` with the local backend's `lyra-tools` model
// and the REAL `mcp-server-time` from PyPI (~/lyra-peers/venv-mcp; skipped with a message when it
// is not installed): an allowed call's JSON reaches the model's next request, a refused one is told
// as refused, a terminal asks with a card (n, y, a typed); and with the scripted server, no server
// outlives Lyra (normal exit, Ctrl-C, SIGTERM) and none gets Lyra's secrets.
import Foundation
import LyraTestSupport
import Testing

/// The real MCP time server of the peer kit, when installed.
enum RealMCPServer {
    static let time: String = (ProcessInfo.processInfo.environment["HOME"] ?? "/root") + "/lyra-peers/venv-mcp/bin/mcp-server-time"
    static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: time) }
    static let missing: Comment = "mcp-server-time is not installed: run ../shared/peers/install.sh --with-mcp (or make mcp-servers)"
}

@Suite struct ToolsMCPTests {
    /// Lyra pointed at `backend`'s `lyra-tools` model through the `openai` provider.
    private static func environment(_ backend: RunningBackend) -> [String: String] {
        var environment = backend.lyraEnvironment
        environment["OPENAI_BASE_URL"] = backend.url.absoluteString + "/v1"
        environment["OPENAI_API_KEY"] = backend.token
        environment["LYRA_MODEL"] = "openai:lyra-tools"
        // The real server is a Python program: on a loaded machine it can take more than the default
        // 10 s to answer `initialize` (a watchdog here, not an ordering).
        environment["LYRA_MCP_TIMEOUT"] = "120"
        return environment
    }

    private static func configure(_ env: TemporaryEnvironment, _ servers: String) throws {
        try FileManager.default.createDirectory(at: env.configFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"mcpServers": \#(servers)}"#.utf8).write(to: env.configFile)
    }

    private static func timeServer(_ env: TemporaryEnvironment) throws {
        try configure(env, #"{"time": {"command": "\#(RealMCPServer.time)", "args": ["--local-timezone", "UTC"]}}"#)
    }

    private static func chatBodies(_ backend: RunningBackend) async throws -> [[String: Any]] {
        try await backend.control.requests().filter { $0.path == "/v1/chat/completions" }.compactMap(\.bodyText)
            .compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    @Test(.enabled(if: RealMCPServer.isInstalled, RealMCPServer.missing))
    func anAllowedCallSendsTheRealToolsJSONToTheModel() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        try Self.timeServer(env)
        let result = try await env.runLyra(["--allow-tool", "time__get_current_time", "-c", "what time is it?"],
                                           extraEnvironment: Self.environment(backend))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("The tool returned: {"), "\(result.stdout)")
        let bodies = try await Self.chatBodies(backend)
        #expect(bodies.count == 2)
        let offered = (bodies.first?["tools"] as? [[String: Any]])?.compactMap { ($0["function"] as? [String: Any])?["name"] as? String }
        #expect(offered == ["time__get_current_time", "time__convert_time"])
        let messages = try #require(bodies.last?["messages"] as? [[String: Any]])
        #expect(messages.map { $0["role"] as? String } == ["user", "assistant", "tool"])
        let content = try #require(messages.last?["content"] as? String)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(content.utf8)) as? [String: Any])
        #expect(json["timezone"] as? String == "UTC" && (json["datetime"] as? String)?.hasSuffix("+00:00") == true)
        #expect(messages.last?["tool_call_id"] as? String == "call_lyra_demo_1")
        let stored = try storedMessages(try onlySessionFile(env))
        try #require(stored.map { $0["role"] as? String } == ["user", "assistant", "tool", "assistant"])
        #expect(stored[2]["allowed"] as? Bool == true && stored[2]["toolCallId"] as? String == "call_lyra_demo_1")
        #expect((stored[1]["toolCalls"] as? [[String: Any]])?.first?["name"] as? String == "time__get_current_time")
    }

    /// `--json` offers tools too, and its record lists the calls with the user's decision and the result.
    @Test(.enabled(if: RealMCPServer.isInstalled, RealMCPServer.missing))
    func theJSONRecordListsTheToolCalls() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        try Self.timeServer(env)
        let result = try await env.runLyra(["--json", "--allow-tool", "time__*", "-c", "what time is it?"],
                                           extraEnvironment: Self.environment(backend))
        #expect(result.status == 0, "\(result.stderr)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((record["text"] as? String)?.hasPrefix("The tool returned: {") == true)
        let calls = try #require(record["toolCalls"] as? [[String: Any]])
        #expect(calls.count == 1)
        #expect(calls.first?["name"] as? String == "time__get_current_time")
        #expect(calls.first?["id"] as? String == "call_lyra_demo_1")
        #expect(calls.first?["allowed"] as? Bool == true)
        #expect((calls.first?["result"] as? String)?.contains("UTC") == true)
    }

    /// `--jsonl` prints the call and its result as events, before the reply's text that follows them.
    @Test(.enabled(if: RealMCPServer.isInstalled, RealMCPServer.missing))
    func theJSONLEventsShowTheCallAndItsResult() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        try Self.timeServer(env)
        let result = try await env.runLyra(["--jsonl", "--allow-tool", "time__*", "-c", "what time is it?"],
                                           extraEnvironment: Self.environment(backend))
        #expect(result.status == 0, "\(result.stderr)")
        let events = try result.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let types = events.compactMap { $0["type"] as? String }
        let call = try #require(types.firstIndex(of: "tool_call"))
        #expect(types[call + 1] == "tool_result")
        #expect(types.last == "done")
        #expect(types[(call + 2)...].dropLast().allSatisfy { $0 == "text" })
        #expect(events[call]["name"] as? String == "time__get_current_time")
        #expect(events[call + 1]["allowed"] as? Bool == true)
        #expect((events[call + 1]["content"] as? String)?.contains("UTC") == true)
    }

    @Test(.enabled(if: RealMCPServer.isInstalled, RealMCPServer.missing))
    func withoutAllowingItTheModelIsToldTheCallWasRefused() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        try Self.timeServer(env)
        let result = try await env.runLyra(["-c", "what time is it?"], extraEnvironment: Self.environment(backend))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "The tool returned: error: the user did not allow this call\n")
        #expect(result.stderr.contains("line 1: the tool call time__get_current_time was refused (allow it with --allow-tool"))
        let messages = try #require(try await Self.chatBodies(backend).last?["messages"] as? [[String: Any]])
        #expect(messages.last?["content"] as? String == "error: the user did not allow this call")
        let stored = try storedMessages(try onlySessionFile(env))
        try #require(stored.count > 2)
        #expect(stored[2]["allowed"] as? Bool == false)
    }

    @Test(.enabled(if: RealMCPServer.isInstalled, RealMCPServer.missing))
    func aTerminalAsksWithACardAnsweredNoYesAndAlways() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        try Self.timeServer(env)
        let session = try env.startLyraSession([], extraEnvironment: Self.environment(backend), columns: 100)
        defer { withExtendedLifetime((env, backend)) { session.terminate() } }
        try await session.awaitOutput(containing: "lyra ›")
        session.send("first\r")
        _ = try await session.awaitOutput(containing: "run it? [y/N/a]")
        #expect(session.plainOutput.contains("tool call · time → get_current_time"))
        #expect(session.plainOutput.contains(#""timezone" : "UTC""#) || session.plainOutput.contains(#""timezone": "UTC""#))
        session.mark()
        session.send("n")
        try await session.awaitPrompt(after: "the user did not allow this call")
        session.mark()
        session.send("second\r")
        _ = try await session.awaitOutput(containing: "run it? [y/N/a]")
        session.send("y")
        try await session.awaitPrompt(after: "day_of_week")
        session.mark()
        session.send("third\r")
        _ = try await session.awaitOutput(containing: "run it? [y/N/a]")
        session.send("a")
        try await session.awaitPrompt(after: "day_of_week")
        session.mark()
        session.send("fourth\r")
        let fourth = try await session.awaitOutput(containing: "day_of_week")
        #expect(!fourth.contains("run it?"))   // `a`: always, for this tool
        try await session.awaitPrompt(after: "is_dst")
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
        let stored = try storedMessages(try onlySessionFile(env)).filter { $0["role"] as? String == "tool" }
        #expect(stored.map { $0["allowed"] as? Bool } == [false, true, true, true])
    }
}

/// No MCP server outlives Lyra, and none gets its secrets: the scripted server in `linger` mode
/// stays after its stdin closes, so only Lyra's SIGTERM ends it.
@Suite struct ToolsMCPLifecycleTests {
    private static func setUp(mode: String = "linger") async throws -> (TemporaryEnvironment, RunningBackend, [String: String], String) {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let pids = env.root.appendingPathComponent("pids").path
        let script = Fixtures.url("mcp/scripted_server.py").path
        try FileManager.default.createDirectory(at: env.configFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"mcpServers": {"s": {"command": "/usr/bin/python3", "args": ["\#(script)", "\#(mode)", "\#(pids)"]}}, "allowTools": ["s__*"]}"#.utf8)
            .write(to: env.configFile)
        var environment = backend.lyraEnvironment
        environment["OPENAI_BASE_URL"] = backend.url.absoluteString + "/v1"
        environment["OPENAI_API_KEY"] = backend.token
        environment["LYRA_MODEL"] = "openai:lyra-tools"
        return (env, backend, environment, pids)
    }

    /// The pids the server wrote; each must be gone (or a zombie no one has reaped yet).
    private static func expectAllGone(_ pidFile: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let pids = try String(contentsOfFile: pidFile, encoding: .utf8).split(separator: "\n").compactMap { Int32($0) }
        #expect(!pids.isEmpty, sourceLocation: sourceLocation)
        for pid in pids {
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            let state = stat.split(separator: ")").last?.split(separator: " ").first
            #expect(stat.isEmpty || state == "Z", "server \(pid) outlived lyra: \(stat)", sourceLocation: sourceLocation)
        }
    }

    @Test func aNormalExitStopsTheServer() async throws {
        let (env, backend, environment, pids) = try await Self.setUp()
        let result = try await env.runLyra(["-c", "hello"], extraEnvironment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        try Self.expectAllGone(pids)
        #expect(result.stdout == "The tool returned: {\"text\": \"demo\"}\n")
        withExtendedLifetime(backend) {}
    }

    @Test func sigtermStopsTheServer() async throws {
        let (env, backend, environment, pids) = try await Self.setUp()
        let session = try env.startLyraSession([], extraEnvironment: environment, columns: 100)
        defer { withExtendedLifetime((env, backend)) { session.terminate() } }
        try await session.awaitOutput(containing: "lyra ›")
        session.send("hello\r")
        try await session.awaitPrompt(after: "The tool returned")
        session.sendSignal(SIGTERM)
        _ = try await session.awaitExit()
        try Self.expectAllGone(pids)
    }

    @Test func ctrlCInAScriptStopsTheServer() async throws {
        let (env, backend, environment, pids) = try await Self.setUp()
        let process = try BackgroundProcess(executable: try LyraBinary.url, input: .open,
                                            environment: env.environment(adding: environment), timeout: .seconds(180))
        process.write("hello\n")
        try await process.awaitOutput(containing: "The tool returned", timeout: .seconds(180))  // a watchdog only
        process.signal(SIGINT)
        let result = try await process.result()
        #expect(result.status == 130)
        withExtendedLifetime(backend) {}
        try Self.expectAllGone(pids)
    }

    @Test func ctrlCDuringACallCancelsItAndTheTurn() async throws {
        let (env, backend, environment, pids) = try await Self.setUp(mode: "hang")
        // The call must still be waiting when Ctrl-C comes, however loaded the machine.
        let session = try env.startLyraSession([], extraEnvironment: environment.merging(["LYRA_MCP_TIMEOUT": "600"]) { $1 },
                                               columns: 100)
        defer { withExtendedLifetime((env, backend)) { session.terminate() } }
        try await session.awaitOutput(containing: "lyra ›")
        session.send("hello\r")
        let log = env.lyraStateDirectory.appendingPathComponent("mcp/s.log").path
        let deadline = ContinuousClock.now.advanced(by: .seconds(120))  // a watchdog only
        while !((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("received tools/call") {
            try #require(ContinuousClock.now < deadline, "the call never reached the server")
            try await Task.sleep(for: .milliseconds(20))
        }
        session.mark()
        session.send(.ctrlC)
        try await session.awaitPrompt(after: "cancelled")
        while !((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("received notifications/cancelled") {
            try #require(ContinuousClock.now < deadline, "the server was never told: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "") \(session.plainOutput)")
            try await Task.sleep(for: .milliseconds(20))
        }
        let told = try String(contentsOfFile: log, encoding: .utf8)
        #expect(told.contains(#""reason": "cancelled by the user", "requestId": 4"#), "\(told)")
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
        try Self.expectAllGone(pids)
        let messages = try storedMessages(try onlySessionFile(env))
        #expect(messages.first?["failed"] as? Bool == true)
        #expect(backend.url.absoluteString.hasPrefix("http"))
    }
}
