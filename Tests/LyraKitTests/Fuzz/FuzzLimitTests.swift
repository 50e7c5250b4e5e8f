// Depth and size limits of every parser in LyraKit (issue 16, `make fuzz`): 400,000 nested brackets,
// input over each size limit and random bytes give a clear error or a bounded result, never a crash.
// Foundation's JSON parser on this toolchain stops at 512 levels, so the decoders need no pre-check.
import Foundation
import LyraTestSupport
import Testing
@testable import LyraKit

@Suite struct FuzzLimitTests {
    /// Hostile JSON texts: deep arrays, deep objects, deep values inside a known member, a deep string.
    static let deepBodies: [Data] = {
        let arrays = String(repeating: "[", count: 400_000)
        let objects = String(repeating: #"{"a":"#, count: 200_000)
        return [
            Data(arrays.utf8),
            Data(objects.utf8),
            Data((#"{"templates":"# + arrays).utf8),
            Data((#"{"choices":[{"delta":{"content":"# + arrays).utf8),
            Data((#"{"data":{"results":{"placements":[{"paywalls":[{"json":"# + objects).utf8),
            Data((#"{"error":{"message":"# + arrays).utf8),
        ]
    }()

    /// Decodes `data` as every DTO Lyra reads from a server; true when each one threw.
    static func everyDecoderThrows(_ data: Data) -> Bool {
        let decoder = JSONDecoder()
        let results: [Bool] = [
            (try? decoder.decode(ChatReplyDTO.self, from: data)) == nil,
            (try? decoder.decode(AIWritingResponseDTO.self, from: data)) == nil,
            (try? decoder.decode(TemplateListDTO.self, from: data)) == nil,
            (try? decoder.decode(VideoStartResponseDTO.self, from: data)) == nil,
            (try? decoder.decode(VideoStatusDTO.self, from: data)) == nil,
            (try? decoder.decode(ApphudCustomerResponseDTO.self, from: data)) == nil,
            (try? decoder.decode(PaywallConfigDTO.self, from: data)) == nil,
            (try? decoder.decode(OpenAIChatChunkDTO.self, from: data)) == nil,
            (try? decoder.decode(OpenAIChatCompletionDTO.self, from: data)) == nil,
            (try? decoder.decode(OpenAIModelListDTO.self, from: data)) == nil,
            HTTPStatusMapping.detail(from: data) == nil,
            OpenAIErrorBodyDTO.message(from: data) == nil,
        ]
        return results.allSatisfy { $0 }
    }

    @Test func everyDecoderRefusesDeepNestingWithAnError() {
        for body in Self.deepBodies {
            #expect(Self.everyDecoderThrows(body), "a decoder accepted \(body.prefix(40)) …")
        }
    }

    @Test func aPaywallConfigNestedDeeplyInsideItsJSONStringIsAnError() throws {
        let inner = String(repeating: "[", count: 400_000)
        let outer = try JSONSerialization.data(withJSONObject: ["identifier": "main", "json": inner, "items": []])
        let paywall = try JSONDecoder().decode(ApphudCustomerResponseDTO.Paywall.self, from: outer)
        #expect(throws: APIError.self) { _ = try paywall.config() }
    }

    @Test func randomBytesNeverCrashADecoder() {
        let failure = FuzzBudget.run(seed: FuzzBudget.seed(for: #function), count: FuzzBudget.cases(weight: 0.5)) { generator in
            let prefix = generator.pick(["", "{", "[", #"{"choices":["#, #"{"data":"#])
            let body = Data(prefix.utf8) + Data(generator.bytes(Int(generator.next() % 200)))
            _ = Self.everyDecoderThrows(body)
            return true
        }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }

    @Test func theEventStreamParserBoundsAnEventAndTheChunkDecoderRefusesDeepData() throws {
        var parser = ServerSentEventParser(maxEventBytes: 1 << 20)
        let deep = String(repeating: "[", count: 400_000)
        let events = try parser.feed(Array("data: \(deep)\n\n".utf8))
        #expect(events.count == 1)
        #expect((try? JSONDecoder().decode(OpenAIChatChunkDTO.self, from: Data(events.first?.data.utf8 ?? "".utf8))) == nil)
        var bounded = ServerSentEventParser(maxEventBytes: 1 << 20)
        let line = [UInt8]("data: ".utf8) + [UInt8](repeating: UInt8(ascii: "["), count: 256 << 10)
        #expect(throws: ServerSentEventError.eventTooLarge(limit: 1 << 20)) {
            for _ in 0..<5 { _ = try bounded.feed(line) }
        }
    }

    @Test func randomBytesGiveEventsOrTheSizeErrorFromTheEventStreamParser() {
        let failure = FuzzBudget.run(seed: FuzzBudget.seed(for: #function), count: FuzzBudget.cases(weight: 0.5)) { generator in
            var parser = ServerSentEventParser(maxEventBytes: 4096)
            do {
                for _ in 0..<Int(generator.next() % 8) {
                    let bytes = generator.bytes(Int(generator.next() % 1500)).map { $0 % 4 == 0 ? UInt8(ascii: "\n") : $0 }
                    _ = try parser.feed(bytes)
                }
                _ = parser.finish()
                return true
            } catch let error as ServerSentEventError {
                return error == .eventTooLarge(limit: 4096)
            }
        }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }
}
