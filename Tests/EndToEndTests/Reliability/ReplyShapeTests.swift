// Replies a model server should not send (issue 33, finding 5): text that is not UTF-8 is refused the
// same way streamed or not (the streamed text before it stays, saved as incomplete), and a reply with
// no choices is an error, not an empty success.
import Foundation
import LyraTestSupport
import Testing

@Suite struct ReplyShapeTests {
    private static func fault(body: [UInt8], contentType: String) -> String {
        #"{"path": "/v1/chat/completions", "status": 200, "headers": {"Content-Type": "\#(contentType)"}, "#
            + #""body_base64": "\#(Data(body).base64EncodedString())"}"#
    }

    @Test func invalidUTF8IsRefusedAlikeStreamedOrNot() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let event = { (text: [UInt8]) in Array(#"data: {"choices":[{"delta":{"content":""#.utf8) + text + Array("\"}}]}\n\n".utf8) }
        let stream = event(Array("kept ".utf8)) + event([0x61, 0xFF, 0x62]) + Array("data: [DONE]\n\n".utf8)
        let whole = Array(#"{"choices":[{"message":{"role":"assistant","content":"a"#.utf8) + [0xFF] + Array(#"b"}}]}"#.utf8)
        let expected = "lyra: line 1: unexpected response from the model server: the server sent text that is not valid UTF-8\n"
        try await backend.control.injectFault(json: Self.fault(body: stream, contentType: "text/event-stream"))
        let streamed = try await env.runLyra(["-c", "hello"], extraEnvironment: openAIEnvironment(backend))
        #expect(streamed.status == 1 && streamed.stdout == "kept \n")
        #expect(streamed.stderr.hasPrefix(String(expected.dropLast())))
        let saved = try storedMessages(try onlySessionFile(env))
        #expect(saved.contains { $0["content"] as? String == "kept " && $0["incomplete"] as? Bool == true })
        #expect(!saved.contains { ($0["content"] as? String ?? "").contains("\u{FFFD}") })
        try await backend.control.injectFault(json: Self.fault(body: whole, contentType: "application/json"))
        let answered = try await env.runLyra(["-c", "hello"], extraEnvironment: openAIEnvironment(backend))
        #expect(answered.status == 1 && answered.stdout == "")
        #expect(answered.stderr.hasPrefix(String(expected.dropLast())))
    }

    @Test func aReplyWithNoChoicesIsAnError() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        for body in [#"{"id": "x", "choices": null}"#, "data: {\"choices\": null}\n\ndata: [DONE]\n\n"] {
            let type = body.hasPrefix("data:") ? "text/event-stream" : "application/json"
            try await backend.control.injectFault(json: Self.fault(body: Array(body.utf8), contentType: type))
            let result = try await env.runLyra(["-c", "hello"], extraEnvironment: openAIEnvironment(backend))
            #expect(result.status == 1 && result.stdout == "")
            #expect(result.stderr.hasPrefix("lyra: line 1: unexpected response from the model server: the server sent no choices"),
                    "\(result.stderr)")
        }
    }
}
