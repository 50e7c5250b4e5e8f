// The stable-numbers sidecar `.numbers.tsv` (issue 17): what it writes reads back,
// and anything damaged (a bad line, invalid UTF-8, a zero number, a missing counter) is refused
// so the sidecar is rebuilt from the session files.
import Foundation
import Testing
@testable import LyraKit

@Suite struct SessionNumberFileTests {
    private func parse(_ text: String) -> SessionNumberFile? {
        parse(Array(text.utf8))
    }

    private func parse(_ bytes: [UInt8]) -> SessionNumberFile? {
        SessionNumberFile.parse(bytes)
    }

    @Test func whatIsWrittenReadsBack() throws {
        try withTemporaryDirectory { root in
            var numbers = SessionNumberFile(next: 42)
            numbers.byFile = ["a.json": 3, "tab\there.json": 7, "日本.json": 41]
            try numbers.write(in: root)
            #expect(SessionNumberFile.read(in: root) == numbers)
        }
    }

    @Test func emptyLinesAreSkipped() {
        let numbers = parse("lyra-session-numbers 1\n\nnext\t5\n\na.json\t2\n")
        #expect(numbers == SessionNumberFile(next: 5, byFile: ["a.json": 2]))
    }

    @Test(arguments: [
        "lyra-session-numbers 2\nnext\t5\n",
        "lyra-session-numbers 1\n",
        "lyra-session-numbers 1\nnext\t0\n",
        "lyra-session-numbers 1\nnext\t5\textra\n",
        "lyra-session-numbers 1\nnxet\t5\n",
        "lyra-session-numbers 1\nnext\t5\na.json\t0\n",
        "lyra-session-numbers 1\nnext\t5\na.json\n",
        "lyra-session-numbers 1\nnext\t5\na.json\t2\t3\n",
        "lyra-session-numbers 1\nnext\t5\na.json\ttwo\n",
    ])
    func aDamagedSidecarIsRefused(text: String) {
        #expect(parse(text) == nil)
    }

    @Test func invalidUTF8IsRefused() {
        #expect(parse(Array("lyra-session-numbers 1\nnext\t5\n".utf8) + [0xC3, 0x28] + Array("\t2\n".utf8)) == nil)
    }
}
