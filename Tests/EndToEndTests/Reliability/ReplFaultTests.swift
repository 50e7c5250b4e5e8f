// Issue 9, part 1 on a pseudo-terminal: after a server fault the REPL prints `error: …`, keeps
// running (the next line works) and exits 0 on Ctrl-D; the failed chat message is kept.
import Foundation
import LyraTestSupport
import Testing

@Suite struct ReplFaultTests {
    struct Scenario: Sendable, CustomStringConvertible {
        let name: String
        let line: String
        let path: String
        let status: Int?
        let body: String?
        let delayMilliseconds: Int
        let drop: Bool
        let message: String
        var description: String { name }
    }

    static let scenarios: [Scenario] = [
        Scenario(name: "chat 500", line: "hello", path: "/dola/chats", status: 500, body: nil, delayMilliseconds: 0,
                 drop: false, message: "error: server error 500: injected fault (status 500)"),
        Scenario(name: "chat timeout", line: "hello", path: "/dola/chats", status: nil, body: nil, delayMilliseconds: 60_000,
                 drop: false, message: "error: network error: the request to 127.0.0.1 timed out"),
        Scenario(name: "improve malformed JSON", line: "/improve teh text", path: "/ai-writing", status: 200,
                 body: #"{"result_text": "#, delayMilliseconds: 0, drop: false,
                 message: "error: unexpected response from the server: the body is not valid JSON"),
        Scenario(name: "templates dropped", line: "/video templates", path: "/pixverse/api/v1/get_templates", status: nil,
                 body: nil, delayMilliseconds: 0, drop: true, message: "error: network error: bad response from 127.0.0.1"),
        Scenario(name: "subscribe 503", line: "/subscribe", path: "/v1/customers", status: 503, body: nil,
                 delayMilliseconds: 0, drop: false, message: "error: Apphud error 503: injected fault (status 503)"),
    ]

    @Test(arguments: scenarios)
    func theReplReportsTheFaultAndKeepsRunning(_ scenario: Scenario) async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        var environment = backend.lyraEnvironment
        if scenario.delayMilliseconds > 0 {
            // Only the delayed request may time out: the next one must finish within this on a loaded
            // machine too (it was 1 s for every scenario, and the line after the fault timed out as well).
            environment["LYRA_REQUEST_TIMEOUT"] = "15"
        }
        try await backend.control.injectFault(path: scenario.path, status: scenario.status, body: scenario.body,
                                              delayMilliseconds: scenario.delayMilliseconds, drop: scenario.drop)
        let session = try env.startLyraSession(["-q"], extraEnvironment: environment, columns: 120)
        defer { session.terminate() }
        try await session.awaitOutput(containing: "›")
        session.send(scenario.line + "\r")
        try await session.awaitPrompt(after: scenario.message, prompt: "›")
        session.send("after the fault\r")
        try await session.awaitPrompt(after: "you said \"after the fault\"", prompt: "›")
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
        let messages = try storedMessages(try onlySessionFile(env))
        let contents = messages.compactMap { $0["content"] as? String }
        if scenario.line == "hello" {
            #expect(contents == ["hello", "after the fault", demoReply("after the fault")])
            #expect(messages.first?["failed"] as? Bool == true)
        } else {
            #expect(contents == ["after the fault", demoReply("after the fault")])
        }
    }
}
