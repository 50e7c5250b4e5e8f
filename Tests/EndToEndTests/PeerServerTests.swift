// Lyra against a real OpenAI-compatible server that Lyra's authors did not write: llama.cpp's
// server with the tiny fixed-reply model of ../shared/peers (docs/PROVIDERS.md). Runs only when
// LYRA_PEER_URL names it (e.g. http://127.0.0.1:18080/v1); CI does not depend on it.
import Foundation
import LyraTestSupport
import Testing

private let peerURL = ProcessInfo.processInfo.environment["LYRA_PEER_URL"].flatMap { $0.isEmpty ? nil : $0 }
private let peerReply = "Hello! I am a tiny llama test model, generated locally with synthetic weights. "
    + "Every reply is this same fixed text, streamed one token at each step."

@Suite(.enabled(if: peerURL != nil, "set LYRA_PEER_URL to a peer server's /v1 URL"))
struct PeerServerTests {
    private var environment: [String: String] { ["OPENAI_BASE_URL": peerURL ?? "", "LYRA_MODEL": "openai:tiny"] }

    @Test func aOneShotPromptAndAScriptGetTheFixedReplyExactly() async throws {
        let env = try TemporaryEnvironment()
        let oneShot = try await env.runLyra(["hello"], extraEnvironment: environment)
        #expect(oneShot.status == 0)
        #expect(oneShot.stdout == peerReply + "\n")
        let script = try await env.runLyra(stdin: "hi\nand again\n", extraEnvironment: environment)
        #expect(script.stdout == peerReply + "\n" + peerReply + "\n")
        // Two sessions (the one-shot's and the script's), in no particular order of their file names.
        let models = try sessionFiles(env).map { try storedMessages($0).compactMap { $0["model"] as? String } }
        #expect(models.sorted { $0.count < $1.count } == [["openai:tiny"], ["openai:tiny", "openai:tiny"]])
    }

    @Test func withNoModelChosenThePeersFirstModelIsUsedAndAProviderAloneWorks() async throws {
        let env = try TemporaryEnvironment()
        let unchosen = ["OPENAI_BASE_URL": peerURL ?? ""]
        let none = try await env.runLyra(["hello"], extraEnvironment: unchosen)
        #expect(none.status == 0 && none.stdout == peerReply + "\n")
        #expect(none.stderr.hasPrefix("lyra: no model chosen: using openai:"))
        let provider = try await env.runLyra(["--model", "openai", "hello"], extraEnvironment: unchosen)
        #expect(provider.status == 0 && provider.stdout == peerReply + "\n" && provider.stderr.isEmpty)
        // Without /v1: llama-cpp-python answers 404 there (the hint); llama.cpp's C++ server answers anyway.
        let bare = (peerURL ?? "").replacingOccurrences(of: "/v1", with: "")
        let noV1 = try await env.runLyra(["hello"], extraEnvironment: ["OPENAI_BASE_URL": bare])
        #expect(noV1.stdout == peerReply + "\n"
            || noV1.stderr == "lyra: the server expects /v1 at the end of the base URL: use \(bare)/v1\n")
    }

    @Test func modelListsThePeersModel() async throws {
        let env = try TemporaryEnvironment()
        let result = try await env.runLyra(["-c", "/model --json"], extraEnvironment: environment)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((json["models"] as? [String])?.isEmpty == false)
    }
}
