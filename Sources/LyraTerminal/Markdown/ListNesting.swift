// How deep the current list item is, from the indentation of the items seen so far: an item
// indented two or more columns past its parent nests, one at the parent's indentation is a sibling.

/// The open list levels, outermost first.
struct ListNesting {
    /// The source indentation of each open level's items.
    private var indents: [Int] = []
    /// The screen column where the last item's text starts (for indented continuation lines).
    private(set) var contentColumn = 0

    /// Whether a list is open.
    var isOpen: Bool { !indents.isEmpty }

    /// The depth (0 outermost) of an item indented by `indent` columns, opening or closing levels.
    mutating func depth(forItemIndentedBy indent: Int) -> Int {
        while let last = indents.last, last > indent { indents.removeLast() }
        if let last = indents.last {
            if indent >= last + 2 { indents.append(indent) }
        } else {
            indents.append(indent)
        }
        return indents.count - 1
    }

    /// Remembers where the last item's text starts on screen.
    mutating func setContentColumn(_ column: Int) {
        contentColumn = column
    }

    /// Closes every level.
    mutating func close() {
        indents = []
        contentColumn = 0
    }
}
