// Editing before double-width (CJK) text on the prompt line (issue 16): the screen shows the line
// as typed. libedit's insert-character path miscounted the width of the shifted character, so the
// cursor ended inside it and the next edit garbled the display; the line it sent was right.
import Foundation
import LyraTestSupport
import Testing

@Suite struct REPLWideCharacterEditTests {
    /// A model of one terminal row: enough of a terminal to replay libedit's line drawing.
    struct Row {
        var cells: [String] = []
        var column = 0
        /// The row as it was when a line feed ended it, oldest first.
        var finished: [String] = []

        var text: String { cells.joined().replacingOccurrences(of: "\u{0}", with: " ") }

        static func width(_ scalar: Unicode.Scalar) -> Int { (0x2E80...0xFFEF).contains(scalar.value) ? 2 : 1 }

        mutating func feed(_ output: String) {
            var scalars = Array(output.unicodeScalars)[...]
            while let scalar = scalars.popFirst() {
                switch scalar {
                case "\r": column = 0
                case "\u{8}": column = max(0, column - 1)
                case "\n":
                    finished.append(text)
                    (cells, column) = ([], 0)
                case "\u{1B}": escape(&scalars)
                default:
                    if scalar.value >= 0x20 { put(String(scalar), width: Self.width(scalar)) }
                }
            }
        }

        private mutating func escape(_ scalars: inout ArraySlice<Unicode.Scalar>) {
            guard scalars.first == "[" else { return }
            scalars.removeFirst()
            var parameter = ""
            while let scalar = scalars.popFirst() {
                guard !(0x40...0x7E).contains(scalar.value) else {
                    csi(Character(scalar), count: Int(parameter) ?? 1)
                    return
                }
                parameter.unicodeScalars.append(scalar)
            }
        }

        private mutating func csi(_ final: Character, count: Int) {
            pad(to: column)
            switch final {
            case "G": column = count - 1
            case "C": column += count
            case "D": column = max(0, column - count)
            case "@": cells.insert(contentsOf: Array(repeating: " ", count: count), at: column)
            case "P": cells.removeSubrange(column..<min(cells.count, column + count))
            case "K": cells.removeSubrange(column...)
            default: break
            }
        }

        private mutating func pad(to count: Int) {
            if cells.count < count { cells += Array(repeating: " ", count: count - cells.count) }
        }

        /// Writes a character; writing over half of a wide character blanks its other half, as terminals do.
        private mutating func put(_ character: String, width: Int) {
            pad(to: column + width)
            for offset in 0..<width {
                let index = column + offset
                if cells[index].isEmpty, index > 0 { cells[index - 1] = " " }
                if index + 1 < cells.count, cells[index + 1].isEmpty { cells[index + 1] = " " }
            }
            cells[column] = character
            if width == 2 { cells[column + 1] = "" }
            column += width
        }
    }

    @Test func typingBeforeCJKTextShowsTheLineAsTyped() async throws {
        let environment = try TemporaryEnvironment()
        let session = try environment.startLyraSession(["-q"])
        try await session.awaitOutput(containing: "lyra ›")
        session.mark()
        session.send("/help 日本語")
        try await session.awaitOutput(containing: "日本語")
        for _ in 0..<3 { session.send(.left) }
        session.send("a")
        session.send(.right)
        session.send("x")
        session.send(.enter)
        try await session.awaitPrompt(after: "日本語")
        var row = Row()
        row.feed(session.output)
        let typed = row.finished.first { $0.hasPrefix("lyra › /help") }
        #expect(typed?.trimmingCharacters(in: .whitespaces) == "lyra › /help a日x本語", "\(row.finished)")
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
    }
}
