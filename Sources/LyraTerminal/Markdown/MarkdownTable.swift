// A GitHub-style table: a header row, a delimiter row (`---`, `:--`, `:-:`, `--:`) and body rows.
// Rendered aligned by display width, two spaces between columns, a thin rule under the header, and
// cells wrapped inside their column when the table is wider than the screen.

/// The rows of one table, collected until the table ends.
struct MarkdownTable {
    /// How a column's cells are aligned.
    enum Alignment {
        case left, center, right
    }

    /// The header cells.
    let header: [String]
    /// Each column's alignment (as many as header cells).
    let alignments: [Alignment]
    /// The body rows, each cut or padded to the header's cell count.
    private(set) var rows: [[String]] = []

    /// A table from its header line and delimiter line, nil when they do not make one (the
    /// delimiter's cells must all be dashes with optional colons, as many as the header's).
    init?(header: String, delimiter: String) {
        let names = Self.cells(of: header)
        let marks = Self.cells(of: delimiter)
        guard !names.isEmpty, names.count == marks.count, Self.isDelimiter(delimiter) else { return nil }
        self.header = names
        alignments = marks.map { mark in
            let left = mark.hasPrefix(":")
            let right = mark.hasSuffix(":")
            return left && right ? .center : right ? .right : .left
        }
    }

    /// Adds a body row.
    mutating func add(_ line: String) {
        let cells = Self.cells(of: line)
        rows.append((0..<header.count).map { $0 < cells.count ? cells[$0] : "" })
    }

    /// Whether a line can be a table row: it holds a `|` that is not escaped.
    static func isRow(_ line: String) -> Bool {
        // ASCII text without a `|` byte holds no `|` cluster: most lines are answered without a scan by cluster.
        if !line.utf8.contains(where: { $0 == UInt8(ascii: "|") || $0 >= 0x80 }) { return false }
        var previous: Character = " "
        for character in line {
            if character == "|" && previous != "\\" { return true }
            previous = character
        }
        return false
    }

    /// Whether a line is a delimiter row: cells of dashes with optional colons at either end.
    static func isDelimiter(_ line: String) -> Bool {
        guard isRow(line) || line.contains("-") else { return false }
        let cells = cells(of: line)
        return !cells.isEmpty && cells.allSatisfy { cell in
            let dashes = cell.drop { $0 == ":" }.reversed().drop { $0 == ":" }
            return !dashes.isEmpty && dashes.allSatisfy { $0 == "-" }
        }
    }

    /// The trimmed cells of a row: split at `|` outside code spans (escaped `\|` stays in the
    /// cell), without the empty cells outside a leading or trailing `|`.
    static func cells(of line: String) -> [String] {
        var cells: [String] = []
        var current = ""
        var inCode = false
        var previous: Character = " "
        for character in MarkdownLine.trimmed(line) {
            if character == "`" { inCode.toggle() }
            if character == "|" && previous != "\\" && !inCode {
                cells.append(current)
                current = ""
            } else {
                current.append(character)
            }
            previous = character
        }
        cells.append(current)
        let trimmed = MarkdownLine.trimmed(line)
        if trimmed.hasPrefix("|"), cells.count > 1 { cells.removeFirst() }
        if trimmed.hasSuffix("|") && !trimmed.hasSuffix("\\|"), cells.count > 1 { cells.removeLast() }
        return cells.map { MarkdownLine.trimmed($0) }
    }
}
