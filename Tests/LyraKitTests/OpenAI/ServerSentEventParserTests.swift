// The Server-Sent Events parser, rule by rule: line endings (also split), data joining, comments,
// fields, dispatch, events and UTF-8 split across chunks, invalid UTF-8, the size limit, finish().
import Foundation
import LyraTestSupport
import Testing
@testable import LyraKit

/// Feeds each chunk in turn and returns every event, including the ones `finish()` flushes.
private func parse(_ chunks: [[UInt8]], limit: Int = 1 << 20) throws -> [ServerSentEvent] {
    var parser = ServerSentEventParser(maxEventBytes: limit)
    var events: [ServerSentEvent] = []
    for chunk in chunks { events += try parser.feed(chunk) }
    return events + parser.finish()
}

private func parse(_ text: String) throws -> [ServerSentEvent] {
    try parse([Array(text.utf8)])
}

@Suite struct ServerSentEventParserTests {
    @Test func everyLineEndingEndsLinesAndABlankLineDispatches() throws {
        let expected = [ServerSentEvent(data: "a"), ServerSentEvent(data: "b")]
        #expect(try parse("data: a\n\ndata: b\n\n") == expected)
        #expect(try parse("data: a\r\n\r\ndata: b\r\n\r\n") == expected)
        #expect(try parse("data: a\r\rdata: b\r\r") == expected)
        #expect(try parse("data: a\r\n\ndata: b\n\r\n") == expected)
    }

    @Test func aCarriageReturnAtAChunkEndPairsWithTheLineFeedOfTheNextChunk() throws {
        var parser = ServerSentEventParser()
        #expect(try parser.feed(Array("data: a\r".utf8)) == [])
        // The \n completes the CRLF of the data line, so only the next CRLF is the blank line.
        #expect(try parser.feed(Array("\n".utf8)) == [])
        #expect(try parser.feed(Array("\r".utf8)) == [ServerSentEvent(data: "a")])
        #expect(try parser.feed(Array("\ndata: b\r\n\r\n".utf8)) == [ServerSentEvent(data: "b")])
    }

    @Test func theSpaceAfterTheColonIsOptionalAndOnlyOneIsRemoved() throws {
        #expect(try parse("data:x\n\n") == [ServerSentEvent(data: "x")])
        #expect(try parse("data:  two spaces\n\n") == [ServerSentEvent(data: " two spaces")])
        #expect(try parse("data\n\n") == [ServerSentEvent(data: "")])
        #expect(try parse("data: a:b: c\n\n") == [ServerSentEvent(data: "a:b: c")])
    }

    @Test func severalDataLinesAreJoinedWithNewlines() throws {
        #expect(try parse("data: first\ndata:\ndata: third\n\n") == [ServerSentEvent(data: "first\n\nthird")])
    }

    @Test func commentsAndUnknownFieldsAreIgnored() throws {
        let text = ": ping - 2026-12-01 11:30:00.000000+00:00\n\n:\ndata: {\"a\":1}\nfoo: bar\n\n"
        #expect(try parse(text) == [ServerSentEvent(data: "{\"a\":1}")])
    }

    @Test func theEventFieldIsReadAndIdAndRetryAreIgnored() throws {
        var parser = ServerSentEventParser()
        let events = try parser.feed(Array("event: delta\nid: 42\nretry: 1500\ndata: x\n\nretry: soon\ndata: y\n\n".utf8))
        #expect(events == [ServerSentEvent(event: "delta", data: "x"), ServerSentEvent(data: "y")])
    }

    @Test func aBlankLineWithoutDataDispatchesNothingAndForgetsTheEventName() throws {
        #expect(try parse("event: a\n\n\n\ndata: x\n\n") == [ServerSentEvent(data: "x")])
    }

    @Test func doneIsPlainData() throws {
        #expect(try parse("data: [DONE]\n\n") == [ServerSentEvent(data: "[DONE]")])
    }

    @Test func onlyCompleteEventsAreReturnedByFeed() throws {
        var parser = ServerSentEventParser()
        #expect(try parser.feed(Array("data: hel".utf8)) == [])
        #expect(try parser.feed(Array("lo\n".utf8)) == [])
        #expect(try parser.feed(Array("\n".utf8)) == [ServerSentEvent(data: "hello")])
    }

    @Test func finishReturnsALastEventWithoutItsBlankLine() throws {
        var parser = ServerSentEventParser()
        #expect(try parser.feed(Array("data: one\n\ndata: tw".utf8)) == [ServerSentEvent(data: "one")])
        #expect(parser.finish() == [ServerSentEvent(data: "tw")])
        #expect(parser.finish() == [])
    }

    @Test func aUTF8CharacterSplitAcrossChunksIsReassembled() throws {
        let bytes = Array("data: été 🙂\n\n".utf8)
        for cut in 1..<bytes.count {
            let events = try parse([Array(bytes[..<cut]), Array(bytes[cut...])])
            #expect(events == [ServerSentEvent(data: "été 🙂")], "cut at \(cut)")
        }
    }

    @Test func invalidUTF8IsMarkedAndShownAsReplacementCharacters() throws {
        let bytes = Array("data: a".utf8) + [0xFF, 0xC3] + Array("b\n\n".utf8)
        #expect(try parse([bytes]) == [ServerSentEvent(data: "a\u{FFFD}\u{FFFD}b", isValidUTF8: false)])
        #expect(try parse([Array("data: \u{FFFD}\n\n".utf8)]) == [ServerSentEvent(data: "\u{FFFD}")])
    }

    @Test func aLeadingByteOrderMarkIsSkipped() throws {
        #expect(try parse([[0xEF, 0xBB, 0xBF] + Array("data: x\n\n".utf8)]) == [ServerSentEvent(data: "x")])
    }

    @Test func anEventLargerThanTheLimitThrowsAClearError() throws {
        var parser = ServerSentEventParser(maxEventBytes: 64)
        #expect(try parser.feed(Array("data: \(String(repeating: "x", count: 50))\n".utf8)) == [])
        #expect(throws: ServerSentEventError.eventTooLarge(limit: 64)) {
            try parser.feed(Array("data: \(String(repeating: "y", count: 20))\n".utf8))
        }
        #expect(ServerSentEventError.eventTooLarge(limit: 64).description.contains("larger than 64 bytes"))
        // A single endless line (no newline ever) is bounded too.
        var endless = ServerSentEventParser(maxEventBytes: 1024)
        #expect(throws: ServerSentEventError.eventTooLarge(limit: 1024)) {
            for _ in 0..<100 { _ = try endless.feed([UInt8](repeating: 0x61, count: 100)) }
        }
    }

    @Test func manySmallEventsUnderTheLimitNeverThrow() throws {
        let text = String(repeating: "data: \(String(repeating: "z", count: 40))\n\n", count: 200)
        #expect(try parse([Array(text.utf8)], limit: 64).count == 200)
    }

    @Test func llamaCppPythonStreamParsesWithCRLFAndPing() throws {
        let bytes = try [UInt8](Fixtures.data("openai/llama-cpp-python-stream.txt"))
        let events = try parse([bytes])
        #expect(events.count == 9)
        #expect(events.first?.data.hasPrefix(#"{"id": "chatcmpl-7f2c", "object": "#) == true)
        #expect(events.last == ServerSentEvent(data: "[DONE]"))
        #expect(!events.contains { $0.data.contains("ping") })
    }
}
