// Seeded fuzzing of the Server-Sent Events parser: random events (multi-line data, comments, names,
// every line ending, multi-byte UTF-8) split at random byte positions give the same events as one feed.
import Foundation
import LyraTestSupport
import Testing
@testable import LyraKit

@Suite struct FuzzServerSentEventTests {
    static let alphabet: [String] = ["a", "Z", " ", ":", "{", "\"", "é", "🙂", "д", "[DONE]", "data", "\u{FFFD}"]
    static let lineEndings = ["\n", "\r\n", "\r"]

    /// A random stream and the events it must give.
    static func randomStream(_ generator: inout SeededGenerator) -> ([UInt8], [ServerSentEvent]) {
        var text = ""
        var expected: [ServerSentEvent] = []
        for _ in 0..<Int(generator.next() % 6) + 1 {
            let end = generator.pick(lineEndings)
            if generator.chance(20) { text += ": ping - \(generator.next() % 1000)" + end }
            var event: String?
            if generator.chance(25) {
                event = "e\(generator.next() % 10)"
                text += "event: \(event ?? "")" + end
            }
            let lines = (0..<Int(generator.next() % 3) + 1).map { _ in
                (0..<Int(generator.next() % 8)).map { _ in generator.pick(alphabet) }.joined()
            }
            for line in lines {
                // `data:` without the space only when the line itself does not start with one.
                text += (line.hasPrefix(" ") || generator.chance(50) ? "data: " : "data:") + line + end
            }
            text += end
            expected.append(ServerSentEvent(event: event, data: lines.joined(separator: "\n")))
        }
        return (Array(text.utf8), expected)
    }

    /// The events of `bytes` fed at once.
    static func events(_ bytes: [UInt8]) throws -> [ServerSentEvent] {
        var parser = ServerSentEventParser()
        return try parser.feed(bytes) + parser.finish()
    }

    @Test func randomSplitsGiveTheSameEventsAsOneFeed() {
        let failure = FuzzBudget.run(seed: FuzzBudget.seed(for: #function), count: FuzzBudget.cases()) { generator in
            let (bytes, _) = Self.randomStream(&generator)
            let whole = try Self.events(bytes)
            var parser = ServerSentEventParser()
            var pieces: [ServerSentEvent] = []
            var start = 0
            while start < bytes.count {
                let length = Int(generator.next() % 7) + 1
                let end = min(bytes.count, start + length)
                pieces += try parser.feed(bytes[start..<end])
                start = end
            }
            pieces += parser.finish()
            return pieces == whole
        }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }

    @Test func randomStreamsGiveTheEventsTheyWereBuiltFrom() {
        let failure = FuzzBudget.run(seed: FuzzBudget.seed(for: #function), count: FuzzBudget.cases()) { generator in
            let (bytes, expected) = Self.randomStream(&generator)
            return try Self.events(bytes) == expected
        }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }
}
