// Seeded fuzzing of the local backend's parsers: request heads, chunked bodies and multipart bodies
// (garbage and round trips), and garbage bytes over a real socket: an answer (4xx) or a close,
// never a crash or a hang, and the server still serves the next client.
import Foundation
import LyraTestSupport
import Testing
@testable import LyraBackend

@Suite struct FuzzBackendParserTests {
    static let headPieces = ["GET", "POST", " ", "/", "?a=b", "HTTP/1.1", "HTTP/9.9", "\r\n", "\n", ":", "Host",
                             "Content-Length", "Transfer-Encoding", "chunked", "-1", "99999999999999999999", "\t",
                             "\u{0}", "é", "\r\n\r\n", "Expect", "100-continue"]

    static func garbageHead(_ generator: inout SeededGenerator) -> [UInt8] {
        if generator.chance(30) { return generator.bytes(Int(generator.next() % 200)) }
        return Array((0..<Int(generator.next() % 16)).map { _ in generator.pick(headPieces) }.joined().utf8)
    }

    @Test func garbageHeadsAndChunksAreTypedErrors() {
        let failure = FuzzBudget.run(seed: FuzzBudget.seed(for: #function), count: FuzzBudget.cases()) { generator in
            let bytes = Self.garbageHead(&generator)
            if let head = try? HTTPHeadParser.parse(bytes[...]) {
                _ = try? head.framing()
                guard !head.method.isEmpty else { return false }
            }
            var decoder = ChunkedBodyDecoder(start: 0, maxBodyBytes: 1 << 16)
            _ = try? decoder.advance(over: bytes)
            return true
        }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }

    /// The head's lines as the parser split them before it worked on bytes: text split at "\r\n",
    /// leading empty lines dropped, empty lines skipped.
    static func referenceLines(_ bytes: [UInt8]) -> [String]? {
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        var lines = text.components(separatedBy: "\r\n")
        while lines.first == "" { lines.removeFirst() }
        return lines
    }

    @Test func headsSplitAtBytesParseAsTheyDidWhenSplitAsText() {
        let failure = FuzzBudget.run(seed: FuzzBudget.seed(for: #function), count: FuzzBudget.cases()) { generator in
            let bytes = Self.garbageHead(&generator)
            let parsed = Result { () throws(HTTPParseError) in try HTTPHeadParser.parse(bytes[...]) }
            guard let lines = Self.referenceLines(bytes) else { return (try? parsed.get()) == nil }
            guard let first = lines.first else { return (try? parsed.get()) == nil }
            // Re-joined with CRLF, the reference lines must parse to the same head (or the same error).
            let rebuilt = Array(([first] + lines.dropFirst().filter { !$0.isEmpty }).joined(separator: "\r\n").utf8)
            let again = Result { () throws(HTTPParseError) in try HTTPHeadParser.parse(rebuilt[...]) }
            switch (parsed, again) {
            case let (.success(one), .success(two)): return one == two
            case let (.failure(one), .failure(two)): return one == two
            default: return false
            }
        }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }

    @Test func multipartGarbageIsATypedErrorAndValidBodiesRoundTrip() {
        let failure = FuzzBudget.run(seed: FuzzBudget.seed(for: #function), count: FuzzBudget.cases()) { generator in
            var form = MultipartBody()
            var expected: [[UInt8]] = []
            for index in 0..<Int(generator.next() % 3) + 1 {
                let bytes = generator.bytes(Int(generator.next() % 200)) + (generator.chance(30) ? Array("\r\n--".utf8) : [])
                form.addFile("image", filename: "photo\(index).jpg", bytes: bytes)
                expected.append(bytes)
            }
            var body = [UInt8](form.finished())
            guard let parts = try? MultipartParser.parse(body, boundary: form.boundary),
                  parts.map(\.body) == expected else { return false }
            for _ in 0..<3 where !body.isEmpty {
                body[Int(generator.next() % UInt64(body.count))] = UInt8(truncatingIfNeeded: generator.next())
            }
            _ = try? MultipartParser.parse(body, boundary: form.boundary)
            _ = try? MultipartParser.parse(generator.bytes(Int(generator.next() % 100)), boundary: "b")
            return true
        }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }

    @Test func garbageOverASocketGetsAnAnswerOrACloseAndTheServerLivesOn() throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let count = max(20, FuzzBudget.cases(weight: 0.1))
        let failure = FuzzBudget.run(seed: FuzzBudget.seed(for: #function), count: count) { generator in
            let client = try RawHTTPClient(port: server.port)
            client.send(Self.garbageHead(&generator) + Array("\r\n\r\n".utf8))
            if let response = client.readResponse() {
                return (200..<600).contains(response.status)
            }
            return client.peerClosed()
        }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
        let client = try RawHTTPClient(port: server.port)
        client.send("GET /v1/nothing HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(client.readResponse()?.status == 404)
    }
}
