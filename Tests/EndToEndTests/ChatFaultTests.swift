// Chat against a misbehaving backend: a 500 shows the server's detail, fails the line and keeps the
// message as failed; /retry in a later run sends it again; 401 and 402 point to /login and /subscribe.
import Foundation
import LyraTestSupport
import Testing

@Suite struct ChatFaultTests {
    @Test func aServerErrorKeepsTheMessageFailedAndRetryInALaterRunSucceeds() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        try await backend.control.injectFault(path: "/dola/chats", status: 500, body: #"{"detail": "model overloaded"}"#)
        let failed = try await env.runLyra(stdin: "hello\n", extraEnvironment: backend.lyraEnvironment)
        #expect(failed.status == 1)
        #expect(failed.stdout == "")
        #expect(failed.stderr == "lyra: line 1: server error 500: model overloaded\n")
        let file = try onlySessionFile(env)
        var messages = try storedMessages(file)
        #expect(messages.map { $0["content"] as? String } == ["hello"])
        #expect(messages.map { $0["failed"] as? Bool } == [true])

        let retried = try await env.runLyra(["--continue", "-c", "/retry"], extraEnvironment: backend.lyraEnvironment)
        #expect(retried.status == 0)
        #expect(retried.stdout == demoReply("hello") + "\n")
        messages = try storedMessages(file)
        #expect(messages.map { $0["content"] as? String } == ["hello", demoReply("hello")])
        #expect(messages.map { $0["failed"] as? Bool } == [false, nil])
        let sent = try await backend.control.requests().filter { $0.method == "POST" }.compactMap(\.bodyText)
        #expect(sent.count == 2 && Set(sent).count == 1)

        let again = try await env.runLyra(["--continue", "-c", "/retry"], extraEnvironment: backend.lyraEnvironment)
        #expect(again.status == 1)
        #expect(again.stderr.hasPrefix("lyra: line 1: nothing to retry"))
    }

    @Test func unauthorizedNamesLoginAndSubscriptionRequiredNamesSubscribe() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        try await backend.control.injectFault(path: "/dola/chats", status: 401)
        let unauthorized = try await env.runLyra(["-c", "hi"], extraEnvironment: backend.lyraEnvironment)
        #expect(unauthorized.status == 1)
        #expect(unauthorized.stderr.contains("/login"))
        try await backend.control.injectFault(path: "/dola/chats", status: 402)
        let unpaid = try await env.runLyra(["--continue", "-c", "/retry"], extraEnvironment: backend.lyraEnvironment)
        #expect(unpaid.status == 1)
        #expect(unpaid.stderr.contains("/subscribe"))
        #expect(try storedMessages(try onlySessionFile(env)).map { $0["failed"] as? Bool } == [true])
    }

    @Test func aWrongTokenFromTheEnvironmentIsRefusedByTheBackend() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        var environment = backend.lyraEnvironment
        environment["LYRA_TOKEN"] = "wrong-token"
        let result = try await env.runLyra(["-c", "hi"], extraEnvironment: environment)
        #expect(result.status == 1)
        #expect(result.stderr.contains("/login"))
        #expect(!result.stderr.contains("wrong-token"))
    }
}
