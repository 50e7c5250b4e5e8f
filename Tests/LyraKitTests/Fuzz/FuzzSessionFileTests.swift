// Seeded fuzzing of the session file reader and writer: any JSON (and mutated session files) gives a
// session or a damage reason, never a crash; nesting over the depth limit is damage; random sessions
// round-trip through the writer and the reader and agree with JSONSerialization.
import Foundation
import LyraTestSupport
import Testing
@testable import LyraKit

@Suite struct FuzzSessionFileTests {
    private static let sample = Array(#"""
        {"id": "F1", "title": "t\u00e9", "chatID": 7, "number": 2, "createdAt": "2026-11-29T10:00:00.123Z",
         "x": [1, {"y": null}], "messages": [{"id": "m", "role": "user", "content": "hi\n", "failed": true},
         {"role": "assistant", "content": "yo", "usage": {"promptTokens": 1}, "incomplete": true}]}
        """#.utf8)

    private static func randomText(_ generator: inout SeededGenerator) -> String {
        let pieces = ["a", "é", "日本", "👍🏽", "\n", "\t", "\"", "\\", "\u{0}", "\u{1B}[31m", "\u{2028}", "\u{7F}", " "]
        return (0..<Int(generator.next() % 12)).map { _ in generator.pick(pieces) }.joined()
    }

    @Test func mutatedSessionFilesGiveASessionOrADamageReason() {
        let failure = FuzzBudget.run(seed: FuzzBudget.seed(for: #function), count: FuzzBudget.cases()) { generator in
            var bytes = Self.sample
            FuzzDecoderTests.mutate(&bytes, &generator)
            // Foundation also accepts a trailing comma (`[1,]`, `{…,}`), which RFC 8259 and Lyra do not.
            let trailingComma = String(decoding: bytes, as: UTF8.self).contains(/,\s*[\]}]/)
            let valid = (try? JSONSerialization.jsonObject(with: Data(bytes))) is [String: Any] && !trailingComma
            do throws(JSONScanFailure) {
                _ = try SessionFileReader.session(from: Data(bytes))
                return true
            } catch {
                // A file Foundation reads as an object may still be damaged for Lyra (a wrong type),
                // but never merely "not valid JSON".
                return !(valid && error.reason.hasPrefix("not valid JSON"))
            }
        }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }

    @Test func nestingBeyondTheLimitIsDamageAtEveryDepthAndPlace() {
        let failure = FuzzBudget.run(seed: FuzzBudget.seed(for: #function), count: FuzzBudget.cases(weight: 0.05)) { generator in
            let depth = JSONScanner.maximumDepth - 4 + Int(generator.next() % 8)
            let opening = generator.chance(50) ? "[" : "{\"k\":"
            let closing = opening == "[" ? "]" : "}"
            let value = String(repeating: opening, count: depth) + "0" + String(repeating: closing, count: depth)
            let text = generator.chance(50) ? #"{"x":"# + value + "}"
                : #"{"messages":[{"x":"# + value + "}]}"
            let base = text.hasPrefix(#"{"x""#) ? 1 : 3
            do throws(JSONScanFailure) {
                _ = try SessionFileReader.session(from: Data(text.utf8))
                return base + depth <= JSONScanner.maximumDepth
            } catch {
                return base + depth > JSONScanner.maximumDepth && error.reason.hasPrefix("nested deeper")
            }
        }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }

    @Test func randomSessionsRoundTripAndAgreeWithJSONSerialization() {
        let failure = FuzzBudget.run(seed: FuzzBudget.seed(for: #function), count: FuzzBudget.cases(weight: 0.5)) { generator in
            let date = Date(timeIntervalSince1970: Double(generator.next() % 4_000_000_000_000) / 1000)
            let messages = (0..<Int(generator.next() % 4)).map { index in
                ChatMessage(id: Self.randomText(&generator), role: index % 2 == 0 ? .user : .assistant,
                            content: Self.randomText(&generator), createdAt: date,
                            model: generator.chance(50) ? Self.randomText(&generator) : nil,
                            incomplete: generator.chance(30))
            }
            let session = ChatSession(id: "R" + Self.randomText(&generator), title: Self.randomText(&generator),
                                      chatID: "c", createdAt: date, messages: messages,
                                      system: generator.chance(50) ? Self.randomText(&generator) : nil,
                                      number: generator.chance(50) ? Int(generator.next() % 10_000) : nil)
            let data = Data(SessionFileWriter.bytes(of: session))
            guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                  object["title"] as? String == session.title, object["system"] as? String == session.system,
                  (object["messages"] as? [[String: Any]])?.map({ $0["content"] as? String }) == messages.map(\.content)
            else { return false }
            return try SessionFileReader.session(from: data) == session
        }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }
}
