// `/improve` under `--demo` (issue #32): whatever chat model is current — the built-in `demo` models,
// which only answer with canned text, or another provider's — the text goes to the demo backend's
// writing route.
import Foundation
import LyraTestSupport
import Testing

@Suite struct DemoImproveTests {
    @Test func afterModelDemoImproveAppliesTheWritingRulesNotTheCannedChat() async throws {
        let env = try TemporaryEnvironment()
        let script = "/model demo\n/improve i think  the the cat is here\n"
            + "/model demo:lyra-tools\n/improve --shorten one. two\n"
        let result = try await env.runLyra(["--demo"], stdin: script)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("canned"))
        #expect(result.stdout.hasSuffix("I think the cat is here.\nOne.\n"), "\(result.stdout)")
    }

    @Test func underDemoImproveIgnoresAnotherChatModelToo() async throws {
        let env = try TemporaryEnvironment()
        let other = try RunningBackend()
        let result = try await env.runLyra(["--demo"], stdin: "/improve i think  the the cat is here\n",
                                           extraEnvironment: openAIEnvironment(other))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "I think the cat is here.\n")
        #expect(try await other.control.requests().isEmpty)
    }

    @Test func onATerminalImproveUnderDemoShowsTheEditAndItsDiff() async throws {
        let env = try TemporaryEnvironment()
        let session = try env.startLyraSession(["--demo"], columns: 100, rows: 30)
        defer { session.terminate() }
        try await session.awaitOutput(containing: "lyra ›")
        session.mark()
        session.send("/model demo\r")
        try await session.awaitOutput(containing: "demo:lyra-demo")
        session.send("/improve i think  the the cat is here\r")
        try await session.awaitOutput(containing: "changes:")
        #expect(session.plainOutput.contains("I think the cat is here."))
        #expect(!session.plainOutput.contains("canned"))
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
    }
}
