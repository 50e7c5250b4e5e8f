// Seeded fuzzing of the demo model's request reader: mutated chat completion bodies give a request
// or a 400/404 refusal with a message, never a crash; the reply always joins back from its pieces.
import Foundation
import LyraTestSupport
import Testing
@testable import LyraBackend

@Suite struct FuzzChatCompletionRequestTests {
    static let validBody = Array(#"{"model":"lyra-demo","messages":[{"role":"system","content":"Be brief."},{"role":"user","content":"héllo  wörld 🙂"}],"stream":true,"stream_options":{"include_usage":true}}"#.utf8)

    @Test func mutatedBodiesAreRequestsOrRefusals() {
        let failure = FuzzBudget.run(seed: FuzzBudget.seed(for: #function), count: FuzzBudget.cases()) { generator in
            var bytes = Self.validBody
            for _ in 0...Int(generator.next() % 4) where !bytes.isEmpty {
                let index = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 3 {
                case 0: bytes[index] = UInt8(truncatingIfNeeded: generator.next())
                case 1: bytes.remove(at: index)
                default: bytes.insert(generator.pick(Array("{}[]\",:0 \\n".utf8) + [0xFF, 0xC3]), at: index)
                }
            }
            do throws(RouteFailure) {
                let request = try DemoChatRequest.parse(bytes)
                let text = DemoChatReply.text(for: request)
                return DemoChatReply.pieces(of: text).joined() == text && text.contains("demo backend")
            } catch {
                return [400, 404].contains(error.status) && !error.detail.isEmpty
            }
        }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }
}
