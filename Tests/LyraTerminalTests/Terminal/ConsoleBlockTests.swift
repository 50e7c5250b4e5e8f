// `Console.write(bytes:)` (issue 17: `/sessions --json` writes its whole document at once): small
// blocks are buffered with text, a large block follows what is buffered in one write, in order.
import Testing
import LyraTerminal

@Suite struct ConsoleBlockTests {
    @Test func smallBlocksAreBufferedLikeText() {
        let out = CapturedOutput()
        let console = Console(standardOutput: out, standardError: CapturedOutput())
        console.write("a")
        console.write(bytes: Array("bc".utf8))
        #expect(out.count == 0)
        console.flush()
        #expect(out.text == "abc")
    }

    @Test func aLargeBlockIsWrittenAfterWhatIsBufferedAndNothingIsLost() {
        let out = InterleavingRecorder()
        let console = Console(standardOutput: out.standardOutput, standardError: out.standardError)
        console.write("first ")
        let block = [UInt8](repeating: UInt8(ascii: "x"), count: Console.bufferLimit)
        console.write(bytes: block)
        console.writeError("warning")
        console.write("last")
        console.flush()
        #expect(out.log == ["out:first ", "out:" + String(repeating: "x", count: Console.bufferLimit), "err:warning", "out:last"])
    }
}
