// Seeded fuzzing of what Lyra reads from servers: every DTO decoder fed random JSON and mutated
// valid bodies (no crash, only typed errors), the error-body reader, and the multipart builder's
// round trip through a parser.
import Foundation
import LyraTestSupport
import Testing
@testable import LyraKit

@Suite struct FuzzDecoderTests {
    static let validBodies = [
        #"{"chat_id": "9f1c", "assistant_message": "Hello!"}"#,
        #"{"chat_id": 42, "assistant_message": "Привет"}"#,
        #"{"result_text": "I think."}"#,
        #"{"templates": [{"id": 1, "name": "Slideshow", "min_photos": 1}]}"#,
        #"[{"id": "2", "name": "Quick"}]"#,
        #"{"video_id": 1001, "detail": "Success"}"#,
        #"{"status": "completed", "video_url": "http://127.0.0.1/v.avi", "error": null}"#,
        #"{"data": {"results": {"id": "u", "subscriptions": [{"product_id": "p", "status": "regular", "expires_at": "2030-01-01T00:00:00Z"}], "placements": [{"identifier": "main", "paywalls": [{"items": [{"product_id": "p"}], "json": "{}"}]}]}}}"#,
        #"{"products": [{"product_id": "p", "price": "4.99", "currency": "USD", "period": "P1W"}]}"#,
        #"{"detail": [{"msg": "field required"}]}"#,
        #"{"model": "tiny", "choices": [{"index": 0, "delta": {"content": "Hel"}, "finish_reason": null}], "usage": {"prompt_tokens": 9}}"#,
    ]

    /// Decodes `data` as every DTO; only thrown errors are acceptable failures.
    static func decodeEverything(_ data: Data) {
        let decoder = JSONDecoder()
        _ = try? decoder.decode(ChatReplyDTO.self, from: data)
        _ = try? decoder.decode(AIWritingResponseDTO.self, from: data)
        _ = try? decoder.decode(TemplateListDTO.self, from: data)
        _ = try? decoder.decode(VideoStartResponseDTO.self, from: data)
        _ = try? decoder.decode(VideoStatusDTO.self, from: data)
        _ = try? decoder.decode(ApphudCustomerResponseDTO.self, from: data)
        _ = try? decoder.decode(PaywallConfigDTO.self, from: data)
        _ = try? decoder.decode(OpenAIChatChunkDTO.self, from: data)
        _ = try? decoder.decode(OpenAIChatCompletionDTO.self, from: data)
        _ = HTTPStatusMapping.detail(from: data)
        _ = HTTPStatusMapping.retryAfter(String(decoding: data.prefix(40), as: UTF8.self))
    }

    /// Up to four random edits of `bytes`: a byte changed, removed, a JSON-ish byte inserted, or a cut.
    static func mutate(_ bytes: inout [UInt8], _ generator: inout SeededGenerator) {
        for _ in 0...Int(generator.next() % 4) where !bytes.isEmpty {
            let index = Int(generator.next() % UInt64(bytes.count))
            switch generator.next() % 4 {
            case 0: bytes[index] = UInt8(truncatingIfNeeded: generator.next())
            case 1: bytes.remove(at: index)
            case 2: bytes.insert(generator.pick(Array("{}[]\",:0-e.\\u\u{0}".utf8) + [0xFF, 0xC3]), at: index)
            default: bytes = Array(bytes.prefix(index))
            }
        }
    }

    static func randomJSON(_ generator: inout SeededGenerator, depth: Int = 0) -> Any {
        switch generator.next() % (depth > 3 ? 5 : 7) {
        case 0: return NSNull()
        case 1: return generator.chance(50)
        case 2: return Int64(bitPattern: generator.next()) >> Int64(generator.next() % 64)
        case 3: return Double(Int(generator.next() % 2_000_000)) / 7 - 100_000
        case 4: return String(decoding: generator.bytes(Int(generator.next() % 12)).map { $0 & 0x7F }, as: UTF8.self)
        case 5:
            let keys = ["chat_id", "assistant_message", "result_text", "templates", "id", "name", "video_id",
                        "status", "video_url", "error", "data", "results", "subscriptions", "placements", "paywalls",
                        "items", "product_id", "json", "products", "price", "period", "detail", "expires_at"]
            var object: [String: Any] = [:]
            for _ in 0..<Int(generator.next() % 6) { object[generator.pick(keys)] = randomJSON(&generator, depth: depth + 1) }
            return object
        default:
            return (0..<Int(generator.next() % 4)).map { _ in randomJSON(&generator, depth: depth + 1) }
        }
    }

    @Test func randomJSONNeverCrashesADecoder() throws {
        let failure = FuzzBudget.run(seed: FuzzBudget.seed(for: #function), count: FuzzBudget.cases()) { generator in
            let value = Self.randomJSON(&generator)
            let data = try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])
            Self.decodeEverything(data)
            return true
        }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }

    @Test func mutatedValidBodiesNeverCrashADecoder() {
        let failure = FuzzBudget.run(seed: FuzzBudget.seed(for: #function), count: FuzzBudget.cases()) { generator in
            var bytes = [UInt8](generator.pick(Self.validBodies).utf8)
            Self.mutate(&bytes, &generator)
            Self.decodeEverything(Data(bytes))
            return true
        }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }

    @Test func multipartBodiesRoundTripThroughAParser() {
        let failure = FuzzBudget.run(seed: FuzzBudget.seed(for: #function), count: FuzzBudget.cases()) { generator in
            var form = MultipartFormData()
            var expected: [(String, Data)] = []
            for index in 0..<Int(generator.next() % 4) + 1 {
                let name = "part\(index)"
                if generator.chance(50) {
                    let value = String(decoding: generator.bytes(Int(generator.next() % 40)).map { 0x20 + $0 % 0x5F }, as: UTF8.self)
                    try form.appendUTF8(name: name, value: value)
                    expected.append((name, Data(value.utf8)))
                } else {
                    // Binary content, sometimes containing CRLF and dashes like a delimiter would.
                    var bytes = generator.bytes(Int(generator.next() % 300))
                    if generator.chance(30) { bytes += Array("\r\n--".utf8) + Array(form.boundary.utf8.prefix(8)) }
                    try form.appendData(Data(bytes), name: name, filename: "photo\(index).jpg", contentType: "image/jpeg")
                    expected.append((name, Data(bytes)))
                }
            }
            let parts = try parseMultipart(try form.encoded(), boundary: form.boundary)
            return parts.map { $0.name ?? "" } == expected.map(\.0) && parts.map(\.body) == expected.map(\.1)
        }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }
}
