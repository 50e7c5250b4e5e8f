// How deep the current list item is, from the indentation of the items seen so far: an item
// indented two or more columns past its parent nests, one at the parent's indentation is a sibling.

/// The open list levels, outermost first.
struct ListNesting {
    /// The source indentation of each open level's items.
    private var indents: [Int] = []
    /// The number the last ordered item of each open level showed (nil after a bullet item).
    private var shownNumbers: [Int?] = []
    /// The screen column where the last item's text starts (for indented continuation lines).
    private(set) var contentColumn = 0

    /// Whether a list is open.
    var isOpen: Bool { !indents.isEmpty }

    /// The depth (0 outermost) of an item indented by `indent` columns, opening or closing levels.
    mutating func depth(forItemIndentedBy indent: Int) -> Int {
        while let last = indents.last, last > indent {
            indents.removeLast()
            shownNumbers.removeLast()
        }
        if let last = indents.last {
            if indent >= last + 2 {
                indents.append(indent)
                shownNumbers.append(nil)
            }
        } else {
            indents.append(indent)
            shownNumbers.append(nil)
        }
        return indents.count - 1
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

    /// Remembers where the last item's text starts on screen.
    mutating func setContentColumn(_ column: Int) {
        contentColumn = column
    }

    /// Closes every level.
    mutating func close() {
        indents = []
        shownNumbers = []
        contentColumn = 0
    }
}
