// The byte-level chat reply reader against JSONDecoder: every reply shape it reads gives the
// decoder's result; random and mutated replies either scan to exactly what JSONDecoder decodes or
// are left to it (never a different answer, never accepting what the decoder refuses).
import Foundation
import LyraTestSupport
import Testing
@testable import LyraKit

@Suite struct FuzzChatReplyScanningTests {
    static func scan(_ bytes: [UInt8]) -> ChatReplyDTO? { ChatReplyDTO(scanning: Data(bytes)) }
    static func decode(_ bytes: [UInt8]) -> ChatReplyDTO? { try? JSONDecoder().decode(ChatReplyDTO.self, from: Data(bytes)) }

    @Test func usualRepliesScanAsJSONDecoderDecodesThem() throws {
        let replies = [
            #"{"chat_id":"c1","assistant_message":"Demo reply: you said \"1\"."}"#,
            #"{"assistant_message":"hi","chat_id":42}"#,
            #" { "chat_id" : null , "assistant_message" : "мир 🙂 \u00e9\ud83d\ude42 \/ \n" , "extra" : [1, {"a": true}] } "#,
            #"{"assistant_message":""}"#,
        ]
        for text in replies {
            let bytes = Array(text.utf8)
            let scanned = try #require(Self.scan(bytes), "left to JSONDecoder: \(text)")
            #expect(scanned == Self.decode(bytes), "\(text)")
        }
    }

    @Test func unsureShapesAreLeftToJSONDecoder() {
        for text in [#"{"chat_id":"c"}"#, #"{"assistant_message":null}"#, #"{"assistant_message":5}"#,
                     #"{"chat_id":-1,"assistant_message":"x"}"#, #"{"chat_id":1.5,"assistant_message":"x"}"#,
                     #"{"chat_id":true,"assistant_message":"x"}"#, #"{"assistant_message":"a","assistant_message":"b"}"#,
                     #"{"assistant\u005fmessage":"x"}"#, #"{"assistant_message":"x"} trailing"#, #"[]"#, ""] {
            #expect(Self.scan(Array(text.utf8)) == nil, "\(text)")
        }
    }

    @Test func invalidUTF8InAKeyIsLeftToJSONDecoder() {
        var bytes = Array(#"{"?":1,"assistant_message":"x"}"#.utf8)
        bytes[2] = 0xFF
        #expect(Self.decode(bytes) == nil)
        #expect(Self.scan(bytes) == nil)
    }

    @Test func randomAndMutatedRepliesNeverScanToADifferentAnswer() {
        let values: [Any] = [NSNull(), true, 12, -3, 2.5, "text", "é\"\\/\n🙂", ["a": 1], [1, "b"]]
        var scannedCount = 0
        let failure = FuzzBudget.run(seed: FuzzBudget.seed(for: #function), count: FuzzBudget.cases()) { generator in
            var reply: [String: Any] = [:]
            if generator.chance(90) { reply["assistant_message"] = generator.chance(80) ? "reply \(generator.next() % 99)" : generator.pick(values) }
            if generator.chance(70) { reply["chat_id"] = generator.chance(60) ? "chat-\(generator.next() % 9)" : generator.pick(values) }
            if generator.chance(20) { reply["other"] = generator.pick(values) }
            var bytes = Array(try JSONSerialization.data(withJSONObject: reply))
            if generator.chance(40) { FuzzDecoderTests.mutate(&bytes, &generator) }
            guard let scanned = Self.scan(bytes) else { return true }
            scannedCount += 1
            return scanned == Self.decode(bytes)
        }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
        #expect(scannedCount > 0)
    }
}
