// Issue 9, part 2: hostile server text (OSC title and clipboard sequences, C1 CSI, bidi override,
// NUL, screen clear, invalid UTF-8) never reaches stdout or stderr, through a pipe or a pseudo-terminal.
import Foundation
import LyraTestSupport
import Testing

/// The hostile payload and what must be left of it.
enum Hostile {
    /// Printable letters between a title set, an OSC 52 clipboard write, a C1 CSI, a bidi override,
    /// NUL and a screen clear.
    static let text = "A\u{1B}]0;pwned\u{07}B\u{1B}]52;c;cHduZWQ=\u{07}C\u{9B}31mD\u{202E}E\u{0}F\u{1B}[2J"
    /// The payload once sanitised.
    static let clean = "ABCDEF"

    /// `text` as a JSON string literal (with quotes).
    static var json: String {
        String(decoding: (try? JSONEncoder().encode(text)) ?? Data(), as: UTF8.self)
    }

    /// Byte sequences that must never be printed (ESC, BEL, NUL, C1 CSI, RLO) — for script mode,
    /// where Lyra itself prints no escape sequences at all.
    static let forbiddenInPipes: [[UInt8]] = [[0x1B], [0x07], [0x00], [0xC2, 0x9B], [0xE2, 0x80, 0xAE], [0xFF]]

    /// Sequences that must never reach a terminal, even among Lyra's own legitimate styling.
    static let forbiddenOnTerminals = ["\u{1B}]0;", "\u{1B}]52;", "pwned", "cHduZWQ=", "\u{9B}", "\u{202E}",
                                       "\u{0}", "\u{1B}[2J", "\u{FFFD}"]

    /// Whether `data` contains `needle`.
    static func contains(_ data: Data, _ needle: [UInt8]) -> Bool {
        let bytes = [UInt8](data)
        guard bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains { Array(bytes[$0..<($0 + needle.count)]) == needle }
    }

    /// An Apphud customer whose subscription product and paywall name are hostile.
    static var apphudCustomer: String {
        let config = #"{\"products\":[{\"product_id\":\"p\",\"price\":\"1.00\",\"currency\":\"USD\",\"period\":\"P1W\",\"checkout_url\":\"https://x.example\"}]}"#
        return #"{"data": {"results": {"id": "u", "subscriptions": [{"product_id": "#
            + json + #", "status": "regular", "expires_at": "2030-01-01T00:00:00Z", "kind": "autorenewable"}], "#
            + #""placements": [{"identifier": "main", "paywalls": [{"identifier": "main", "name": "# + json
            + #", "items": [{"product_id": "p"}], "json": "# + "\"" + config + "\"" + "}]}]}}}"
    }
}

@Suite struct HostileOutputTests {
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let line: String
        let path: String
        let status: Int
        let body: String
        /// Text that must appear (on stdout or stderr) — the sanitised payload in its place.
        let shows: String
        var description: String { name }
    }

    static let photo = Fixtures.url("photos/red.jpg").path
    static let cases: [Case] = [
        Case(name: "chat reply", line: "hello", path: "/dola/chats", status: 200,
             body: #"{"chat_id": "x", "assistant_message": "# + Hostile.json + "}", shows: Hostile.clean + "\n"),
        Case(name: "improve result", line: "/improve teh text", path: "/ai-writing", status: 200,
             body: #"{"result_text": "# + Hostile.json + "}", shows: Hostile.clean + "\n"),
        Case(name: "template names", line: "/video templates", path: "/pixverse/api/v1/get_templates", status: 200,
             body: #"{"templates": [{"id": 1, "name": "# + Hostile.json + #", "description": "# + Hostile.json + "}]}",
             shows: Hostile.clean),
        Case(name: "error detail", line: "hello", path: "/dola/chats", status: 500,
             body: #"{"detail": "# + Hostile.json + "}", shows: "lyra: line 1: server error 500: \(Hostile.clean)\n"),
        Case(name: "video failure reason", line: "/video 1 \(photo)", path: "/pixverse/api/v1/status", status: 200,
             body: #"{"status": "failed", "error": "# + Hostile.json + "}", shows: Hostile.clean),
        Case(name: "Apphud error detail", line: "/subscribe", path: "/v1/customers", status: 500,
             body: #"{"detail": "# + Hostile.json + "}", shows: "Apphud error 500: \(Hostile.clean)"),
        Case(name: "Apphud strings", line: "/subscribe status", path: "/v1/customers", status: 200,
             body: Hostile.apphudCustomer, shows: Hostile.clean),
    ]

    @Test(arguments: cases)
    func hostileServerTextIsSanitisedThroughAPipe(_ item: Case) async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        var environment = backend.lyraEnvironment
        environment["LYRA_PREMIUM"] = "1"
        environment["LYRA_VIDEO_DIR"] = env.workDirectory.path
        try await backend.control.injectFault(path: item.path, status: item.status, body: item.body)
        let result = try await env.runLyra(["-c", item.line, "-c", "/sessions show"], extraEnvironment: environment)
        let output = result.stdoutData + result.stderrData
        for needle in Hostile.forbiddenInPipes {
            #expect(!Hostile.contains(output, needle), "\(needle) in \(result.stdout.debugDescription) \(result.stderr.debugDescription)")
        }
        #expect(!(result.stdout + result.stderr).contains("pwned"))
        #expect((result.stdout + result.stderr).contains(item.shows), "\(result.stdout.debugDescription) \(result.stderr.debugDescription)")
    }

    @Test func invalidUTF8InAReplyIsAClearErrorAndNothingOfItIsPrinted() async throws {
        let env = try TemporaryEnvironment()
        let server = try DripServer(bytes: Array(#"{"chat_id": "x", "assistant_message": "A"#.utf8) + [0xFF, 0xFE, 0xC0, 0x80, 0x1B]
                                        + Array(#"]0;pwned\u0007B"}"#.utf8), interval: .zero)
        let result = try await env.runLyra(["-c", "hello"], extraEnvironment: ["LYRA_BASE_URL": server.url.absoluteString,
                                                                              "LYRA_TOKEN": "test-token-1234"])
        #expect(result.status == 1)
        #expect(result.stderr == "lyra: line 1: unexpected response from the server: the body is not valid JSON\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func hostileTextNeverReachesTheTerminal() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        var environment = backend.lyraEnvironment
        environment["LYRA_PREMIUM"] = "1"
        let session = try env.startLyraSession(["-q"], extraEnvironment: environment, columns: 120)
        defer { session.terminate() }
        try await session.awaitOutput(containing: "›")
        for item in Self.cases where !item.line.hasPrefix("/video 1") {
            try await backend.control.injectFault(path: item.path, status: item.status, body: item.body)
            session.mark()
            session.send(item.line + "\r")
            try await session.awaitOutput(containing: Hostile.clean)
            try await session.awaitPrompt(after: Hostile.clean, prompt: "›")
        }
        session.send("/sessions show\r")
        try await session.awaitPrompt(after: "/retry resends it", prompt: "›")
        session.send(.ctrlD)
        let status = try? await session.awaitExit()
        #expect(status == 0, "\(session.plainOutput.suffix(1500))")
        for needle in Hostile.forbiddenOnTerminals {
            #expect(!session.output.contains(needle), "raw pty output contains \(needle.debugDescription)")
        }
    }
}
