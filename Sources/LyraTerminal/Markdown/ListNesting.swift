// How deep the current list item is, from the indentation of the items seen so far: an item
// indented two or more columns past its parent nests, one at the parent's indentation is a sibling.
// A nested item starts where its parent's text starts (`1. item` then `   ◦ sub` under `item`).

/// The open list levels, outermost first.
struct ListNesting {
    /// The source indentation of each open level's items.
    private var indents: [Int] = []
    /// The number the last ordered item of each open level showed (nil after a bullet item).
    private var shownNumbers: [Int?] = []
    /// The screen column where the text of each open level's last item starts.
    private var columns: [Int] = []

    /// Whether a list is open.
    var isOpen: Bool { !indents.isEmpty }

    /// The screen column where the last item's text starts (for its continuation lines).
    var contentColumn: Int { columns.last ?? 0 }

    /// The depth (0 outermost) of an item indented by `indent` columns, opening or closing levels.
    mutating func depth(forItemIndentedBy indent: Int) -> Int {
        while let last = indents.last, last > indent {
            indents.removeLast()
            shownNumbers.removeLast()
            columns.removeLast()
        }
        if indents.last.map({ indent >= $0 + 2 }) ?? true {
            indents.append(indent)
            shownNumbers.append(nil)
            columns.append(0)
        }
        return indents.count - 1
    }

    /// The screen column where an item `depth` levels down starts: where its parent's text starts.
    func lead(forDepth depth: Int) -> Int {
        depth > 0 && depth <= columns.count ? columns[depth - 1] : 0
    }

    /// The screen column of a paragraph indented by `indent` (more than 0) that starts inside the
    /// list: that of the text of the deepest item indented less than it, else of the outermost.
    func contentColumn(forLineIndentedBy indent: Int) -> Int {
        let level = indents.lastIndex { $0 < indent } ?? 0
        return columns.indices.contains(level) ? columns[level] : 0
    }

    /// The number an ordered item of the innermost level shows: the number written on the first
    /// item of a run, then one more each item (`1.`, `1.`, `1.` shows 1, 2, 3, as Markdown means).
    mutating func number(written: Int) -> Int {
        guard let last = shownNumbers.indices.last else { return written }
        let shown = shownNumbers[last].map { $0 + 1 } ?? written
        shownNumbers[last] = shown
        return shown
    }

    /// A bullet item at the innermost level: the next ordered item starts its own count.
    mutating func bulletItem() {
        if let last = shownNumbers.indices.last { shownNumbers[last] = nil }
    }

    /// Remembers where the innermost level's last item's text starts on screen.
    mutating func setContentColumn(_ column: Int) {
        if let last = columns.indices.last { columns[last] = column }
    }

    /// Closes every level.
    mutating func close() {
        indents = []
        shownNumbers = []
        columns = []
    }
}
