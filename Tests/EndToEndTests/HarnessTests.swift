// HarnessTests: the black-box test harness checked against real programs (/bin/sh, cat, stty,
// env), so end-to-end tests of lyra can trust its output capture, deadlines and terminal.
import Foundation
import Synchronization
import LyraTestSupport
import Testing

private let shell = URL(fileURLWithPath: "/bin/sh")
private let cat = URL(fileURLWithPath: "/bin/cat")

private func sh(_ script: String, stdin: Data? = nil, timeout: Duration = .seconds(30)) async throws -> ProcessResult {
    try await runProcess(executable: shell, arguments: ["-c", script], stdinData: stdin, timeout: timeout)
}

// MARK: - runProcess and runLyra

@Suite struct RunProcessTests {
    @Test func capturesStdoutStderrAndStatus() async throws {
        let result = try await sh("printf 'out put'; printf 'err ☃' >&2; exit 3")
        #expect(result.stdout == "out put")
        #expect(result.stderr == "err ☃")
        #expect(result.status == 3)
        #expect(result.terminatedBySignal == nil)
    }

    @Test func largeOutputOnBothStreamsDoesNotDeadlock() async throws {
        let result = try await sh("yes abcdefghi | head -c 1500000 >&2; yes 012345678 | head -c 2500000; yes x | head -c 1200000 >&2")
        #expect(result.stdoutData.count == 2_500_000)
        #expect(result.stderrData.count == 2_700_000)
        #expect(result.stdout.hasPrefix("012345678\n012345678\n"))
        #expect(result.status == 0)
    }

    @Test func stdinIsPassedThroughAndClosed() async throws {
        let input = Data((0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 % 251) })
        let result = try await runProcess(executable: cat, stdinData: input)
        #expect(result.stdoutData == input)
        #expect(result.status == 0)
    }

    @Test func stdinIsDevNullWhenNotGiven() async throws {
        let result = try await sh("wc -c; readlink /proc/self/fd/0")
        #expect(result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) } == ["0", "/dev/null"])
    }

    @Test func programThatIgnoresStdinDoesNotBreakTheRun() async throws {
        let result = try await sh("echo done", stdin: Data(count: 4 << 20))
        #expect(result.stdout == "done\n")
        #expect(result.status == 0)
    }

    @Test func timeoutKillsAndKeepsWhatWasCaptured() async throws {
        // Killed by SIGKILL below means killed before the 60 s sleep ended, and the default deadline
        // (`Watchdog.standard`) is longer than that: so its own 500 ms deadline killed it.
        let error = await #expect(throws: HarnessError.self) {
            try await sh("echo started; echo oops >&2; exec sleep 60", timeout: .milliseconds(500))
        }
        guard case .timedOut(_, let timeout, let captured) = error else {
            Issue.record("expected timedOut, got \(String(describing: error))")
            return
        }
        #expect(timeout == .milliseconds(500))
        #expect(captured.stdout == "started\n")
        #expect(captured.stderr == "oops\n")
        #expect(captured.terminatedBySignal == SIGKILL)
    }

    @Test func deathBySignalIsReported() async throws {
        let result = try await sh("echo before; kill -TERM $$; echo after")
        #expect(result.stdout == "before\n")
        #expect(result.terminatedBySignal == SIGTERM)
        #expect(result.status == 128 + SIGTERM)
    }

    @Test func theProgramStartsWithNoSignalBlockedOrIgnored() async throws {
        let result = try await sh("grep -E '^Sig(Blk|Ign)' /proc/self/status")
        #expect(result.stdout.contains("SigBlk:\t0000000000000000\n"))
        // Signals 1–31 (the standard ones) must not be ignored; 32 and up are glibc's own.
        let ignored = result.stdout.split(separator: "\n").first { $0.hasPrefix("SigIgn:") }
        let mask = try #require(ignored.flatMap { UInt64($0.dropFirst("SigIgn:".count).trimmingCharacters(in: .whitespaces), radix: 16) })
        #expect(mask & 0x7FFF_FFFF == 0)
    }

    @Test func missingExecutableFailsToLaunch() async throws {
        await #expect(throws: HarnessError.self) {
            try await runProcess(executable: URL(fileURLWithPath: "/nonexistent/program"))
        }
    }

    @Test func runsInTheGivenDirectoryWithExactlyTheGivenEnvironment() async throws {
        let environment = try TemporaryEnvironment()
        let result = try await runProcess(executable: URL(fileURLWithPath: "/usr/bin/env"),
                                          environment: environment.environment(adding: ["LYRA_TOKEN": "t0k"]),
                                          workingDirectory: environment.workDirectory)
        let names = Set(result.stdout.split(separator: "\n").compactMap { $0.split(separator: "=").first.map(String.init) })
        #expect(names == ["HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "PATH", "LANG", "TERM", "LYRA_TOKEN"])
        #expect(result.stdout.contains("HOME=\(environment.homeDirectory.path)\n"))
        let pwd = try await runProcess(executable: URL(fileURLWithPath: "/bin/pwd"), workingDirectory: environment.workDirectory)
        #expect(pwd.stdout == environment.workDirectory.path + "\n")
    }

    @Test func runLyraRunsTheBuiltBinary() async throws {
        let environment = try TemporaryEnvironment()
        let result = try await environment.runLyra(["--version"], timeout: .seconds(30))
        #expect(result.status == 0)
        #expect(!result.stdout.isEmpty)
    }
}

// MARK: - TemporaryEnvironment, Fixtures

@Suite struct TemporaryEnvironmentTests {
    @Test func makesDirectoriesAndRemovesThem() throws {
        var environment: TemporaryEnvironment? = try TemporaryEnvironment()
        let root = try #require(environment?.root)
        for name in ["home", "data", "config", "state", "work"] {
            var isDirectory: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path, isDirectory: &isDirectory))
            #expect(isDirectory.boolValue)
        }
        #expect(environment?.environment["XDG_CONFIG_HOME"] == root.appendingPathComponent("config").path)
        #expect(environment?.sessionsDirectory.path == root.appendingPathComponent("data/lyra/sessions").path)
        environment = nil
        #expect(!FileManager.default.fileExists(atPath: root.path))
    }

    @Test func variablesCanBeSetAndUnset() throws {
        let environment = try TemporaryEnvironment()
        environment.set("LYRA_BASE_URL", "http://127.0.0.1:1")
        environment.unset("TERM")
        #expect(environment.environment["LYRA_BASE_URL"] == "http://127.0.0.1:1")
        #expect(environment.environment["TERM"] == nil)
        #expect(environment.environment(adding: ["NO_COLOR": "1"])["NO_COLOR"] == "1")
        #expect(environment.environment["NO_COLOR"] == nil)
        environment.remove()
        environment.remove()
        #expect(!FileManager.default.fileExists(atPath: environment.root.path))
    }

    @Test func fixturesLiveUnderThePackageRoot() throws {
        let root = try PackageRoot.url
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path))
        #expect(Fixtures.url("scripts/chat.txt").path == root.appendingPathComponent("Fixtures/scripts/chat.txt").path)
    }
}

// MARK: - PseudoTerminalSession

@Suite struct PseudoTerminalSessionTests {
    private func start(_ executable: URL, _ arguments: [String] = [], columns: Int = 100, rows: Int = 30) throws -> PseudoTerminalSession {
        try PseudoTerminalSession(executable: executable, arguments: arguments,
                                  environment: TemporaryEnvironment().environment, columns: columns, rows: rows)
    }

    @Test func typedTextIsEchoedAndCtrlDEndsCat() throws {
        let session = try start(cat)
        session.send("hello, привет 日本")
        session.send(.enter)
        let screen = try session.waitFor("hello, привет 日本\nhello, привет 日本\n")
        #expect(screen == "hello, привет 日本\nhello, привет 日本\n")
        session.send(.ctrlD)
        #expect(try session.waitForExit() == 0)
        #expect(session.terminationSignal == nil)
    }

    @Test func windowSizeIsTheRequestedOneAndFollowsResize() throws {
        let session = try start(shell, ["-c", "stty size; echo ready; read line; stty size"], columns: 111, rows: 37)
        try session.waitFor("ready")
        #expect(session.plainOutput.hasPrefix("37 111\n"))
        session.resize(columns: 90, rows: 20)
        session.mark()
        session.send(.enter)
        try session.waitFor("20 90")
        #expect(try session.waitForExit() == 0)
    }

    @Test func ctrlCInterruptsTheForegroundProgram() throws {
        // `exec`: no shell waits in between (dash can miss a Ctrl-C that lands mid-fork).
        let session = try start(shell, ["-c", "echo ready; exec sleep 120"])
        try session.waitFor("ready", timeout: .seconds(60))
        session.send(.ctrlC)
        let status = try session.waitForExit(timeout: .seconds(90))  // a watchdog: the sleep would last 120 s
        #expect(status == 128 + SIGINT)
        #expect(session.terminationSignal == SIGINT)
    }

    @Test func waitForTextThatNeverComesFailsWithinItsDeadline() throws {
        let session = try start(cat)
        session.send("abc\r")
        try session.waitFor("abc\nabc\n", timeout: .seconds(60))
        let start = ContinuousClock.now
        let error = #expect(throws: HarnessError.self) {
            try session.waitFor("never printed", timeout: .milliseconds(300))
        }
        // Its own 300 ms deadline, not the default (a watchdog bound between the two).
        #expect(ContinuousClock.now - start < Watchdog.standard / 2)
        guard case .outputNotFound(let needle, _, let plainOutput) = error else {
            Issue.record("expected outputNotFound, got \(String(describing: error))")
            return
        }
        #expect(needle == "never printed")
        #expect(plainOutput == "abc\nabc\n")
        #expect(error?.description.contains("abc\nabc") == true)
    }

    @Test func waitForFailsAtOnceWhenTheProgramHasEnded() throws {
        let session = try start(shell, ["-c", "echo bye"])
        let start = ContinuousClock.now
        #expect(throws: HarnessError.self) { try session.waitFor("never printed", timeout: .seconds(600)) }
        #expect(ContinuousClock.now - start < .seconds(300), "failed when the program ended, not at the 600 s deadline")
    }

    @Test func markStartsANewSearchWindow() throws {
        let session = try start(cat)
        session.send("one\r")
        try session.waitFor("one\none\n")
        session.mark()
        #expect(throws: HarnessError.self) { try session.waitFor("one", timeout: .milliseconds(200)) }
        session.send("two\r")
        #expect(try session.waitFor("two\ntwo\n") == "two\ntwo\n")
        #expect(session.plainOutput == "one\none\ntwo\ntwo\n")
    }

    @Test func asyncWaitsWorkLikeTheBlockingOnes() async throws {
        let session = try start(cat)
        session.send("async\r")
        #expect(try await session.awaitOutput(containing: "async\nasync\n") == "async\nasync\n")
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
    }

    @Test func deinitKillsAndReapsTheProgram() throws {
        var session: PseudoTerminalSession? = try start(shell, ["-c", "echo ready; exec sleep 30"])
        try session?.waitFor("ready")
        let pid = try #require(session?.processIdentifier)
        session = nil
        #expect(kill(pid, 0) == -1 && errno == ESRCH)
    }

    @Test func programThatCannotBeExecutedExits127() throws {
        let session = try start(URL(fileURLWithPath: "/nonexistent/program"))
        #expect(try session.waitForExit() == 127)
    }

    @Test func runsInTheGivenWorkingDirectory() throws {
        let environment = try TemporaryEnvironment()
        let session = try PseudoTerminalSession(executable: URL(fileURLWithPath: "/bin/pwd"), arguments: [],
                                                environment: environment.environment,
                                                workingDirectory: environment.workDirectory)
        try session.waitFor(environment.workDirectory.path)
        #expect(try session.waitForExit() == 0)
    }
}

// MARK: - ANSIText, RecordedRequest

@Suite struct HarnessParsingTests {
    @Test func ansiTextStripsEscapesAndCarriageReturns() {
        let raw = "\u{1B}[1;31mred\u{1B}[0m\r\n\u{1B}]0;title\u{07}ok\u{1B}(B \u{1B}[?2004hline\u{1B}[K\rline2\u{07}\ttab\n"
        #expect(ANSIText.strip(raw) == "red\nok lineline2\ttab\n")
        #expect(ANSIText.strip("plain 日本 🎉") == "plain 日本 🎉")
        #expect(ANSIText.strip("cut\u{1B}[") == "cut")
    }

    @Test func recordedRequestsDecodeTolerantly() throws {
        let json = """
        [{"method": "POST", "path": "/pixverse/api/v1/template2video",
          "query": {"user_id": "u1", "app_id": "lyra.cli", "n": 3, "multi": ["a", "b"]},
          "headers": {"Authorization": "Bearer x", "content-type": "multipart/form-data; boundary=B"},
          "parts": [{"name": "template_id", "size": 1, "text": "7"},
                    {"name": "image", "filename": "photo1.jpg", "content_type": "image/jpeg", "size": 1024}],
          "extra": true},
         {"method": "GET", "path": "/x"}]
        """
        let requests = try JSONDecoder().decode([RecordedRequest].self, from: Data(json.utf8))
        #expect(requests.count == 2)
        #expect(requests[0].query == ["user_id": "u1", "app_id": "lyra.cli", "n": "3", "multi": "a"])
        #expect(requests[0].header("AUTHORIZATION") == "Bearer x")
        #expect(requests[0].headers["authorization"] == "Bearer x")
        #expect(requests[0].parts(named: "image").map(\.filename) == ["photo1.jpg"])
        #expect(requests[0].parts(named: "image").first?.contentType == "image/jpeg")
        #expect(requests[0].parts(named: "template_id").first?.text == "7")
        #expect(requests[1].query.isEmpty && requests[1].headers.isEmpty)
        #expect(requests[1].bodyText == nil && requests[1].parts == nil)
    }

    @Test func backendConfigurationSendsOnlyTheFieldsSet() throws {
        let data = try JSONEncoder().encode(BackendTestConfiguration(videoPollsToComplete: 2, templatesBareArray: true))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == ["video_polls_to_complete", "templates_bare_array"])
        #expect(object["video_polls_to_complete"] as? Int == 2)
    }
}

// MARK: - BackendControl over a real loopback socket

/// A loopback HTTP responder that records each request and answers every one with `reply`.
private final class RecordingResponder: Sendable {
    let port: UInt16
    private let listener: Int32
    private let received = Mutex<[String]>([])

    init(reply: String, connections: Int) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        try withUnsafeMutablePointer(to: &address) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                try #require(bind(fd, raw, length) == 0 && listen(fd, 8) == 0)
                try #require(getsockname(fd, raw, &length) == 0)
            }
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        Thread { [self] in
            for _ in 0..<connections { serveOne(reply) }
            close(listener)
        }.start()
    }

    var requests: [String] { received.withLock { $0 } }

    private func serveOne(_ reply: String) {
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else { return }
        var data = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !Self.isComplete(data) {
            let count = read(connection, &chunk, chunk.count)
            if count <= 0 { break }
            data += chunk[0..<count]
        }
        received.withLock { $0.append(String(decoding: data, as: UTF8.self)) }
        let response = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(reply.utf8.count)\r\nConnection: close\r\n\r\n\(reply)"
        _ = Array(response.utf8).withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
        close(connection)
    }

    private static func isComplete(_ data: [UInt8]) -> Bool {
        let text = String(decoding: data, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { return false }
        let length = text[..<end.lowerBound].split(separator: "\r\n")
            .first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
        return text.utf8.count - text[..<end.upperBound].utf8.count >= length
    }
}

@Suite struct BackendControlTests {
    @Test func injectFaultPostsTheFaultAsJSON() async throws {
        let responder = try RecordingResponder(reply: "{}", connections: 1)
        let control = BackendControl(baseURL: try #require(URL(string: "http://127.0.0.1:\(responder.port)")))
        try await control.injectFault(path: "/ai-writing", status: 503, body: "{\"detail\": \"busy\"}", count: 2)
        let request = try #require(responder.requests.first)
        #expect(request.hasPrefix("POST /_test/faults HTTP/1.1\r\n"))
        let body = try #require(request.components(separatedBy: "\r\n\r\n").last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["path", "status", "body", "headers", "delay_ms", "drop", "truncate", "count"])
        #expect(object["path"] as? String == "/ai-writing")
        #expect(object["status"] as? Int == 503)
        #expect(object["count"] as? Int == 2)
    }

    @Test func requestsAreReadFromTheRecordingRoute() async throws {
        let responder = try RecordingResponder(reply: #"[{"method": "GET", "path": "/x", "query": {"user_id": "u"}}]"#, connections: 2)
        let control = BackendControl(baseURL: try #require(URL(string: "http://127.0.0.1:\(responder.port)")))
        let requests = try await control.requests()
        #expect(requests.map(\.path) == ["/x"])
        #expect(requests.first?.query["user_id"] == "u")
        let (status, data) = try await control.fetch(try #require(URL(string: "http://127.0.0.1:\(responder.port)/checkout/1")))
        #expect(status == 200)
        #expect(!data.isEmpty)
        #expect(responder.requests.map { $0.components(separatedBy: " ").prefix(2).joined(separator: " ") }
            == ["GET /_test/requests", "GET /checkout/1"])
    }
}
