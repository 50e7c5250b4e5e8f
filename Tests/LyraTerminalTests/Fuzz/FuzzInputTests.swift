// Seeded fuzzing of the input side: the `"""` block assembler, the shell-like argument splitter
// and the sanitizer for server text. No crash, no hang, and each one's invariants hold.
import Foundation
import LyraTestSupport
import Testing
@testable import LyraTerminal
import LyraKit

@Suite struct FuzzInputTests {
    /// Pieces that exercise quoting, blocks, escapes, wide characters and controls.
    static let pieces = ["\"\"\"", "\"", "'", "\\", " ", "\t", "/", "#", "a", "Ж", "界", "🎉", "\u{1B}[31m",
                         "\u{0}", "\u{9B}", "\u{202E}", "\r", "/improve", "--yes", "x y", "é", "\u{301}"]

    static func randomLine(_ generator: inout SeededGenerator) -> String {
        (0..<Int(generator.next() % 12)).map { _ in generator.pick(pieces) }.joined()
    }

    @Test func theAssemblerNeverLosesOrInventsLines() {
        let failure = FuzzBudget.run(seed: FuzzBudget.seed(for: #function), count: FuzzBudget.cases()) { generator in
            var assembler = InputAssembler()
            var emitted: [LogicalLine] = []
            let count = Int(generator.next() % 20) + 1
            for number in 1...count {
                if let line = assembler.feed(Self.randomLine(&generator), lineNumber: number) { emitted.append(line) }
            }
            let numbers = emitted.map(\.lineNumber)
            guard numbers == numbers.sorted(), numbers.allSatisfy({ (1...count).contains($0) }) else { return false }
            if assembler.isInsideBlock {
                guard let open = assembler.openBlockLine,
                      let closed = assembler.feed(InputAssembler.marker, lineNumber: count + 1) else { return false }
                return closed.lineNumber == open && closed.block != nil && !assembler.isInsideBlock
            }
            return true
        }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }

    @Test func theSplitterEitherSplitsOrNamesTheOpenQuote() {
        let failure = FuzzBudget.run(seed: FuzzBudget.seed(for: #function), count: FuzzBudget.cases()) { generator in
            let line = Self.randomLine(&generator)
            do {
                let words = try ArgumentSplitter.split(line)
                let offsets = words.map(\.offset)
                guard offsets == offsets.sorted(), Set(offsets).count == offsets.count,
                      offsets.allSatisfy({ $0 >= 0 && $0 < line.count }) else { return false }
                let plain = !line.contains { "\"'\\".contains($0) }
                return !plain || words.map(\.text) == line.split(whereSeparator: \.isWhitespace).map(String.init)
            } catch ArgumentSplitError.unterminatedQuote(let quote) {
                return line.contains(quote)
            }
        }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }

    @Test func sanitizedTextHasNoControlsAndIsStable() {
        let failure = FuzzBudget.run(seed: FuzzBudget.seed(for: #function), count: FuzzBudget.cases(weight: 2)) { generator in
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int(generator.next() % 64) {
                let value: UInt32 = generator.chance(50) ? UInt32(generator.next() % 0xA0)
                    : generator.chance(30) ? UInt32(0x2020 + generator.next() % 0x60) : UInt32(generator.next() % 0x3_0000)
                if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
            }
            let clean = TextSanitizer.sanitize(String(scalars))
            let forbidden = clean.unicodeScalars.contains { scalar in
                let value = scalar.value
                return (value < 0x20 && value != 0x0A && value != 0x09) || (0x7F...0x9F).contains(value)
                    || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            }
            return !forbidden && TextSanitizer.sanitize(clean) == clean
        }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }
}
