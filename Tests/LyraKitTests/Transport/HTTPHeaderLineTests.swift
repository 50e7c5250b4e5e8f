// HTTPHeaderLine: the parse of the header lines libcurl hands over (status, fields
// trimmed of spaces and tabs, the blank line ending a head, anything else ignored).
import Foundation
import Testing
@testable import LyraKit

@Suite struct HTTPHeaderLineTests {
    private func parse(_ text: String) -> HTTPHeaderLine {
        Array(text.utf8).withUnsafeBytes { HTTPHeaderLine($0) }
    }

    @Test func headerNamesMatchIgnoringASCIICaseOnly() throws {
        var request = HTTPRequest(url: try #require(URL(string: "http://127.0.0.1/")), headers: [("content-type", "text/plain")])
        request.setHeader("Content-Type", "application/json")
        #expect(request.headers.map(\.name) == ["Content-Type"])
        #expect(request.value(forHeader: "CONTENT-TYPE") == "application/json")
        #expect(request.value(forHeader: "Content-Typ") == nil)
        #expect(HTTPHeaderLine.namesMatch("X-Ä", "X-Ä"))
        #expect(!HTTPHeaderLine.namesMatch("X-Ä", "x-ä"))
        #expect(!HTTPHeaderLine.namesMatch("[", "{"))
    }

    @Test func statusLinesGiveTheirCode() {
        #expect(parse("HTTP/1.1 200 OK\r\n") == .status(200))
        #expect(parse("HTTP/2 404\r\n") == .status(404))
        #expect(parse("HTTP/1.1 abc Broken\r\n") == .status(0))
        #expect(parse("HTTP/1.1\r\n") == .status(0))
    }

    @Test func fieldsAreTrimmedOfSpacesAndTabs() {
        #expect(parse("Content-Type: application/json\r\n") == .field(name: "Content-Type", value: "application/json"))
        #expect(parse(" X-Name \t:\t  a value with: colons  \r\n") == .field(name: "X-Name", value: "a value with: colons"))
        #expect(parse("Empty:\r\n") == .field(name: "Empty", value: ""))
        #expect(parse("Café: naïve\r\n") == .field(name: "Café", value: "naïve"))
    }

    @Test func blankAndOtherLines() {
        #expect(parse("\r\n") == .blank)
        #expect(parse("\n") == .blank)
        #expect(parse("") == .blank)
        #expect(parse("no colon here\r\n") == .other)
    }
}
