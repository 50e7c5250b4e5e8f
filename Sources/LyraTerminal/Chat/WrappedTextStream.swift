// Plain reply text (--plain, a one-shot) streamed to a terminal, wrapped by words (SPEC §9): the
// text of the current row is wrapped again with TextWrapper as pieces arrive, rows it finishes are
// written once, and the word still arriving at the end of the row is held back until a space or a
// newline shows whether it fits — so the terminal never folds a word, and nothing is redrawn.
// Unlike TextWrapper on a whole text, a word longer than the width starts on a row of its own (its
// length is not known while it arrives), and is then broken between clusters.

/// Turns streamed pieces into what to write so that no row is wider than the terminal.
struct WrappedTextStream {
    /// The current row's text from its start: what is on the screen, then what is held back.
    private var row = ""
    /// What of the current row is on the screen (a prefix of its wrapped form).
    private var shown = ""

    /// What to write for `piece` (sanitised text) on a terminal `width` columns wide now.
    mutating func append(_ piece: String, width: Int) -> String {
        row += piece
        var output = ""
        while let newline = row.firstIndex(of: "\n") {
            let paragraph = String(row[..<newline])
            let rest = String(row[row.index(after: newline)...])
            output += place(paragraph, width: width, finished: true) + "\n"
            row = rest
            shown = ""
        }
        return output + place(row, width: width, finished: false)
    }

    /// What is still held back (the last word), at the end of the reply or before other output.
    mutating func finish(width: Int) -> String {
        defer {
            row = ""
            shown = ""
        }
        return place(row, width: width, finished: true)
    }

    /// Writes the rows `line` fills except a last one that may still grow: of that, only the words
    /// known to be whole (all of it when `finished`).
    private mutating func place(_ line: String, width: Int, finished: Bool) -> String {
        var output = ""
        var line = line
        var rows = TextWrapper.wrap(line, width: width)
        if !shown.isEmpty, !rows[0].hasPrefix(shown) {
            // The terminal got narrower since the row was begun: the row ends as it is.
            output += "\n"
            line = String(line.dropFirst(shown.count).drop { $0 == " " })
            shown = ""
            rows = TextWrapper.wrap(line, width: width)
        }
        for finishedRow in rows.dropLast() {
            output += finishedRow.dropFirst(shown.count) + "\n"
            shown = ""
        }
        let last = rows.last ?? ""
        if rows.count > 1 {
            // The current row now starts with the last row's first word (the spaces at the break dropped).
            row = last + line.reversed().prefix { $0 == " " }
        }
        let ready = finished || line.last == " " ? last : Self.wholeWords(of: last)
        if ready.count > shown.count {
            output += ready.dropFirst(shown.count)
            shown = ready
        }
        return output
    }

    /// `row` without its last word (which may still grow), and without the spaces before it.
    private static func wholeWords(of row: String) -> String {
        guard let space = row.lastIndex(of: " ") else { return "" }
        return String(row[..<space].reversed().drop { $0 == " " }.reversed())
    }
}
