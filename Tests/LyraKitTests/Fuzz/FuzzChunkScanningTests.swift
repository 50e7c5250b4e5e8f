// Seeded fuzzing of the byte-level stream-chunk reader: random chunk-shaped JSON and mutations of
// it either scan to exactly what JSONDecoder decodes, or are left to JSONDecoder (never a
// different answer, never accepting what the decoder refuses).
import Foundation
import LyraTestSupport
import Testing
@testable import LyraKit

@Suite struct FuzzChunkScanningTests {
    static let keys = ["model", "choices", "delta", "content", "role", "finish_reason", "usage", "prompt_tokens",
                       "completion_tokens", "error", "id", "index", "timings", "message"]
    static let pieces = ["a", " ", "é", "🙂", "\"", "\\", "\n", "\u{1}", "/", "мир", "\u{FFFD}", "[DONE]"]

    static func randomValue(_ generator: inout SeededGenerator, depth: Int) -> Any {
        switch generator.next() % (depth > 3 ? 5 : 7) {
        case 0: return NSNull()
        case 1: return generator.chance(50)
        case 2: return Int(generator.next() % 3000) - (generator.chance(10) ? 1500 : 0)
        case 3: return Double(Int(generator.next() % 20000)) / 8
        case 4: return (0..<Int(generator.next() % 5)).map { _ in generator.pick(pieces) }.joined()
        case 5:
            var object: [String: Any] = [:]
            for _ in 0..<Int(generator.next() % 5) {
                object[generator.pick(keys)] = randomValue(&generator, depth: depth + 1)
            }
            return object
        default:
            return (0..<Int(generator.next() % 3)).map { _ in randomValue(&generator, depth: depth + 1) }
        }
    }

    /// A chunk-like object: mostly the members a real chunk has, with random values mixed in.
    static func randomChunk(_ generator: inout SeededGenerator) throws -> [UInt8] {
        var delta: [String: Any] = ["content": randomValue(&generator, depth: 3)]
        if generator.chance(30) { delta["role"] = generator.chance(80) ? "assistant" : randomValue(&generator, depth: 3) }
        var choice: [String: Any] = ["index": 0, "delta": generator.chance(85) ? delta : randomValue(&generator, depth: 2)]
        if generator.chance(30) { choice["finish_reason"] = generator.chance(70) ? "stop" : randomValue(&generator, depth: 3) }
        var chunk: [String: Any] = ["id": "chatcmpl-1", "choices": generator.chance(85) ? [choice] : randomValue(&generator, depth: 1)]
        if generator.chance(50) { chunk["model"] = generator.chance(80) ? "tiny" : randomValue(&generator, depth: 2) }
        if generator.chance(20) {
            chunk["usage"] = ["prompt_tokens": randomValue(&generator, depth: 4), "completion_tokens": Int(generator.next() % 99)]
        }
        if generator.chance(5) { chunk["error"] = randomValue(&generator, depth: 2) }
        if generator.chance(20) { chunk[generator.pick(keys)] = randomValue(&generator, depth: 1) }
        return Array(try JSONSerialization.data(withJSONObject: chunk))
    }

    /// True when scanning agrees with JSONDecoder on `bytes` (or leaves them to it).
    static func agrees(_ bytes: [UInt8]) -> Bool {
        let decoded = try? decodeChunkAsText(bytes)
        guard let scanned = scanChunk(bytes) else { return true }
        return scanned == decoded
    }

    @Test func randomChunksScanAsJSONDecoderDecodesThem() {
        var scannedCount = 0
        let failure = FuzzBudget.run(seed: FuzzBudget.seed(for: #function), count: FuzzBudget.cases()) { generator in
            let bytes = try Self.randomChunk(&generator)
            if scanChunk(bytes) != nil { scannedCount += 1 }
            return Self.agrees(bytes)
        }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
        #expect(scannedCount > FuzzBudget.cases() / 2, "most well-formed chunks take the fast path")
    }

    @Test func mutatedChunksNeverScanToADifferentAnswer() {
        let failure = FuzzBudget.run(seed: FuzzBudget.seed(for: #function), count: FuzzBudget.cases()) { generator in
            var bytes = try Self.randomChunk(&generator)
            FuzzDecoderTests.mutate(&bytes, &generator)
            return Self.agrees(bytes)
        }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }
}
