// Images against llama.cpp's own server (SPEC §13, docs/PROVIDERS.md): the tiny peer model has no
// vision projector, its `/props` says `modalities.vision: false`, and Lyra refuses the image before
// sending (the server itself would answer 500 "image input is not supported"). Runs only when
// LYRA_PEER_CPP_URL names a C++ `llama-server` of ../shared/peers (`start_peer.sh PORT --impl cpp`).
import Foundation
import LyraTestSupport
import Testing

private let peerURL = ProcessInfo.processInfo.environment["LYRA_PEER_CPP_URL"].flatMap { $0.isEmpty ? nil : $0 }

@Suite(.enabled(if: peerURL != nil, "set LYRA_PEER_CPP_URL to a C++ llama-server peer's /v1 URL (~/lyra-peers)"))
struct PeerImageTests {
    @Test func anImageForAModelWithoutVisionIsRefusedBeforeSending() async throws {
        let env = try TemporaryEnvironment()
        try Fixtures.data("images/red.png").write(to: env.workDirectory.appending(path: "red.png"))
        let result = try await env.runLyra(["--attach", "red.png", "what is this?"],
                                           extraEnvironment: ["OPENAI_BASE_URL": peerURL ?? "", "LYRA_MODEL": "openai:tiny"])
        #expect(result.status == 1)
        #expect(result.stderr == "lyra: tiny cannot read images; pick a vision model with /model\n")
        #expect(result.stdout == "")
        #expect(sessionFiles(env).isEmpty)
    }
}
