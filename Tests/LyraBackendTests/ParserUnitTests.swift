// Pure parsers without sockets: request heads, multipart bodies, JPEG sizes, chunked bodies.

import Foundation
import Testing
@testable import LyraBackend
import enum LyraKit.JPEGSizeReader
import enum LyraKit.JPEGSizeError
import struct LyraKit.JPEGSize

@Suite struct ParserUnitTests {
    @Test func multipartPartsKeepNamesFilenamesTypesAndBytes() throws {
        var form = MultipartBody()
        form.addText("template_id", "3")
        form.addText("prompt", "Привет; \"quoted\"")
        form.addFile("image", filename: "photo1.jpg", bytes: [0xFF, 0xD8, 0xFF, 0x0D, 0x0A, 0x2D, 0x2D])
        let parts = try MultipartParser.parse([UInt8](form.finished()), boundary: form.boundary)
        #expect(parts.map(\.name) == ["template_id", "prompt", "image"])
        #expect(parts[0].text == "3" && parts[1].text == "Привет; \"quoted\"")
        #expect(parts[2].filename == "photo1.jpg" && parts[2].contentType == "image/jpeg")
        #expect(parts[2].body == [0xFF, 0xD8, 0xFF, 0x0D, 0x0A, 0x2D, 0x2D])
    }

    @Test func multipartAcceptsAPreambleAndQuotedBoundary() throws {
        let body = "preamble\r\n--b\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\nv\r\n--b--"
        #expect(MultipartParser.boundary(fromContentType: "multipart/form-data; boundary=\"b\"") == "b")
        #expect(try MultipartParser.parse(Array(body.utf8), boundary: "b").first?.text == "v")
    }

    @Test(arguments: [
        ("", MultipartError.missingOpeningDelimiter),
        ("--b\r\nContent-Disposition: form-data\r\n\r\nunterminated", .missingClosingDelimiter),
        ("--b\r\nno-colon\r\n\r\nv\r\n--b--", .malformedPartHeaders(partIndex: 0)),
        ("--b--", .noParts),
        ("--bXX", .missingClosingDelimiter),
    ])
    func multipartGarbageIsATypedError(_ body: String, _ expected: MultipartError) {
        #expect(throws: expected) { try MultipartParser.parse(Array(body.utf8), boundary: "b") }
    }

    @Test func jpegSizeComesFromTheFrameHeader() throws {
        #expect(try JPEGSizeReader.size(of: try photo("green.jpg")) == JPEGSize(width: 64, height: 48))
        let progressive: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00,
                                    0xFF, 0xC2, 0x00, 0x0B, 0x08, 0x01, 0x2C, 0x02, 0x80, 0x03, 0x01, 0x11, 0x00]
        #expect(try JPEGSizeReader.size(of: progressive) == JPEGSize(width: 640, height: 300))
    }

    @Test(arguments: [
        ([0x89, 0x50, 0x4E, 0x47], JPEGSizeError.notJPEG),
        ([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x40, 0x00], .truncated),
        ([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02], .missingFrameHeader),
        ([0xFF, 0xD8, 0xFF], .truncated),
    ] as [([UInt8], JPEGSizeError)])
    func brokenJPEGsAreTypedErrors(_ bytes: [UInt8], _ expected: JPEGSizeError) {
        #expect(throws: expected) { try JPEGSizeReader.size(of: bytes) }
    }

    @Test func requestHeadParsesHeadersCaseInsensitively() throws {
        let head = try HTTPHeadParser.parse(ArraySlice("GET /a?b=c%20d HTTP/1.1\r\nHOST: x\r\nX-A:  1 \r\n\r\n".utf8))
        #expect(head.method == "GET" && head.header("host") == "x" && head.header("x-a") == "1")
        let (path, query) = HTTPRequest.splitTarget("/dola/chats/a%2Fb/messages?user_id=u+1&app_id=%E2%9C%93&bad=%zz")
        #expect(path == "/dola/chats/a/b/messages")
        #expect(query.map(\.1) == ["u 1", "✓", "%zz"])
    }

    @Test func requestHeadLinesMayEndInABareLF() throws {
        // RFC 9112 §2.2: a server may take a bare LF as a line end; mixed endings too.
        let bare = Array("GET /a HTTP/1.1\nHost: x\nX-A: 1\n\nrest".utf8)
        let end = try #require(HTTPHeadParser.headEnd(in: bare, from: 0))
        #expect(Array(bare[end...]) == Array("rest".utf8))
        let head = try HTTPHeadParser.parse(bare[0..<end])
        #expect(head.target == "/a" && head.header("host") == "x" && head.header("x-a") == "1")
        let mixed = Array("GET / HTTP/1.1\r\nHost: y\n\r\n".utf8)
        #expect(HTTPHeadParser.headEnd(in: mixed, from: 0) == mixed.count)
        #expect(try HTTPHeadParser.parse(mixed[...]).header("host") == "y")
        #expect(HTTPHeadParser.headEnd(in: Array("GET / HTTP/1.1\r\nHost: y\r\n".utf8), from: 0) == nil)
        // A lone CR is still refused.
        #expect(throws: HTTPParseError.malformedHeader) {
            try HTTPHeadParser.parse(ArraySlice("GET / HTTP/1.1\nX: a\rb\n\n".utf8))
        }
    }

    @Test func aCutBodyMovesItsBytesAndLeavesWhatFollows() {
        var buffer = Array("HEADbodyNEXT".utf8)
        #expect(HTTPConnection.cut(&buffer, 4..<8) == Array("body".utf8))
        #expect(buffer == Array("NEXT".utf8))
    }

    @Test func mediaTypeDropsParametersAndSpacesAndRepeatedHeadersJoin() {
        func request(_ headers: [(String, String)]) -> HTTPRequest {
            HTTPRequest(method: "POST", target: "/", path: "/", query: [], version: "HTTP/1.1", headers: headers, body: [])
        }
        #expect(request([("content-type", " Application/JSON ; charset=utf-8")]).mediaType == "application/json")
        #expect(request([("content-type", "\ttext/plain\t")]).mediaType == "text/plain")
        #expect(request([("content-type", ";charset=utf-8")]).mediaType == "")
        #expect(request([]).mediaType == "")
        #expect(request([("accept", "a"), ("accept", "b")]).header("Accept") == "a, b")
        #expect(request([("accept", "a")]).header("ACCEPT") == "a")
        #expect(request([("accept", "a")]).header("host") == nil)
    }

    @Test func chunkedDecoderResumesAcrossPartialBuffers() throws {
        let whole = Array("4\r\nWiki\r\n5\r\npedia\r\n0\r\n\r\n".utf8)
        var decoder = ChunkedBodyDecoder(start: 0, maxBodyBytes: 100)
        var end: Int?
        for length in 1...whole.count where end == nil {
            end = try decoder.advance(over: Array(whole[0..<length]))
        }
        #expect(end == whole.count)
        #expect(String(decoding: decoder.body, as: UTF8.self) == "Wikipedia")
    }

    @Test func jsonSerializationEscapesControlCharactersAndKeepsOrder() throws {
        let value = JSONValue.object([("b", .string("a\"\\\n\u{01}é")), ("a", .null), ("n", .array([.int(1), .bool(false)]))])
        #expect(value.serialized == #"{"b":"a\"\\\n\u0001é","a":null,"n":[1,false]}"#)
        #expect(try JSONValue.parse(value.bytes)["b"]?.stringValue == "a\"\\\n\u{01}é")
    }
}
