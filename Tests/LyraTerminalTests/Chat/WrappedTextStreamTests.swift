// Plain text streamed to a terminal is wrapped by words (issue #32): whatever the pieces, what is
// written is the text wrapped as a whole, rows are written once, and no row is wider than the width.
import Testing
@testable import LyraTerminal

@Suite struct WrappedTextStreamTests {
    static let text = "The quick brown fox jumps over the lazy dog.\nPack my box with five dozen liquor jugs, "
        + "then sphinx of black quartz, judge my vow:  it is\n\n  indented text here."

    /// What the stream writes for `pieces` at `width`, the held word released at the end.
    private func written(_ pieces: [String], width: Int) -> String {
        var stream = WrappedTextStream()
        return pieces.map { stream.append($0, width: width) }.joined() + stream.finish(width: width)
    }

    @Test(arguments: [1, 2, 3, 7, 1000])
    func anySplitGivesTheWholeTextWrapped(pieceLength: Int) {
        var pieces: [String] = []
        var rest = Substring(Self.text)
        while !rest.isEmpty {
            pieces.append(String(rest.prefix(pieceLength)))
            rest = rest.dropFirst(pieceLength)
        }
        let output = written(pieces, width: 24)
        #expect(output == TextWrapper.wrap(Self.text, width: 24).joined(separator: "\n"))
        for row in output.split(separator: "\n") { #expect(DisplayWidth.columns(of: String(row)) <= 24) }
    }

    @Test func aWordStillArrivingIsHeldBackAndNothingIsWrittenTwice() {
        var stream = WrappedTextStream()
        #expect(stream.append("hello wor", width: 11) == "hello")
        #expect(stream.append("ld and", width: 11) == " world\n")
        #expect(stream.append(" more ", width: 11) == "and more")
        #expect(stream.append("x", width: 11) == "")
        #expect(stream.finish(width: 11) == " x")
    }

    @Test(arguments: [1, 5, 40])
    func aWordWiderThanTheRowIsBrokenBetweenCharacters(pieceLength: Int) {
        let text = "judge my vow: averyveryveryverylongwordthatcannotfit here."
        let pieces = stride(from: 0, to: text.count, by: pieceLength).map {
            String(text.dropFirst($0).prefix(pieceLength))
        }
        let output = written(pieces, width: 24)
        for row in output.split(separator: "\n") { #expect(row.count <= 24, "\(row)") }
        #expect(output.filter { $0 != "\n" && $0 != " " } == text.filter { $0 != " " })
        #expect(output.hasPrefix("judge my vow:"))
    }

    @Test func aNarrowerTerminalEndsTheRowBegun() {
        var stream = WrappedTextStream()
        #expect(stream.append("one two three ", width: 40) == "one two three")
        let output = stream.append("four five", width: 8) + stream.finish(width: 8)
        #expect(output == "\nfour\nfive")
    }
}
