// Conversation control and script output (SPEC §15) against the peer kit's llama.cpp server
// (docs/PROVIDERS.md): `--json`, `/set` parameters and `/continue`, whose request ends with the
// reply so far — llama.cpp sends that start again before the continuation, and Lyra drops it.
// Runs only when LYRA_PEER_URL names the server (e.g. http://127.0.0.1:18130/v1).
import Foundation
import LyraTestSupport
import Testing

private let peerURL = ProcessInfo.processInfo.environment["LYRA_PEER_URL"].flatMap { $0.isEmpty ? nil : $0 }
private let fixedReply = "Hello! I am a tiny llama test model, generated locally with synthetic weights. "
    + "Every reply is this same fixed text, streamed one token at each step."

@Suite(.enabled(if: peerURL != nil, "set LYRA_PEER_URL to a peer server's /v1 URL (~/lyra-peers/start_peer.sh)"))
struct PeerControlTests {
    private var environment: [String: String] { ["OPENAI_BASE_URL": peerURL ?? "", "LYRA_MODEL": "openai:tiny"] }

    @Test func jsonParametersAndContinueWorkAgainstThePeer() async throws {
        let env = try TemporaryEnvironment()
        let json = try await env.runLyra(["--json", "--temperature", "0", "hello"], extraEnvironment: environment)
        #expect(json.status == 0, "\(json.stderr)")
        let reply = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        #expect(reply["text"] as? String == fixedReply)
        #expect(reply["finishReason"] as? String == "stop" && reply["model"] as? String == "openai:tiny")

        let cut = try await env.runLyra(["--continue", "-c", "/set max_tokens 5", "-c", "again", "-c", "/set max_tokens --clear",
                                         "-c", "/continue"], extraEnvironment: environment)
        #expect(cut.status == 0, "\(cut.stderr)")
        let messages = try storedMessages(try #require(sessionFiles(env).first))
        // The tiny model always starts its fixed text again; the server's echo of the start is not kept.
        #expect(messages.last?["content"] as? String == "Hello! I am a tiny" + fixedReply)
        #expect(messages.last?["finishReason"] as? String == "stop")
    }
}
