// Screen lines of a MarkdownTable: columns sized by display width (wide CJK counts 2) and shrunk,
// widest first, until the table fits; cells wrap inside their column; two spaces between columns.

extension MarkdownTable {
    /// The table as screen lines of at most `width` columns (when each column can keep one column):
    /// the bold header, a muted thin rule, then the body rows.
    func render(width: Int, theme: Theme) -> [String] {
        let headerCells = header.map { InlineMarkdown.render($0, style: .strong) }
        let bodyCells = rows.map { row in row.map { InlineMarkdown.render($0) } }
        let widths = Self.columnWidths(of: [headerCells] + bodyCells, width: width)
        var lines = renderRow(headerCells, widths: widths, theme: theme)
        let rule = widths.map { String(repeating: "─", count: $0) }.joined(separator: "  ")
        lines.append(theme.paint(rule, markdown: .muted))
        for row in bodyCells {
            lines += renderRow(row, widths: widths, theme: theme)
        }
        return lines
    }

    /// Each column's width: its widest cell (at least 1), the widest columns narrowed one column
    /// at a time while the table, with two spaces between columns, is wider than `width`.
    static func columnWidths(of rows: [[[StyledRun]]], width: Int) -> [Int] {
        guard let columns = rows.first?.count, columns > 0 else { return [] }
        var widths = (0..<columns).map { column in
            rows.map { DisplayWidth.columns(of: StyledRun.plainText(of: $0[column])) }.max() ?? 1
        }.map { max(1, $0) }
        let available = width - 2 * (columns - 1)
        var excess = widths.reduce(0, +) - available
        while excess > 0, let widest = widths.indices.max(by: { widths[$0] < widths[$1] }), widths[widest] > 1 {
            let target = max(1, widths.filter { $0 < widths[widest] }.max() ?? 1)
            let cut = min(excess, max(1, widths[widest] - target))
            widths[widest] -= cut
            excess -= cut
        }
        return widths
    }

    /// One row's screen lines: each cell wrapped to its column, padded by its alignment.
    private func renderRow(_ cells: [[StyledRun]], widths: [Int], theme: Theme) -> [String] {
        let wrapped = cells.indices.map { StyledWrapper.wrap(cells[$0], width: widths[$0]) }
        let height = wrapped.map(\.count).max() ?? 1
        return (0..<height).map { lineIndex in
            var runs: [StyledRun] = []
            for column in cells.indices {
                if column > 0 { runs.append(StyledRun("  ")) }
                let cell = lineIndex < wrapped[column].count ? wrapped[column][lineIndex] : []
                runs += Self.aligned(cell, width: widths[column], alignment: alignments[column])
            }
            return StyledRun.paint(StyledWrapper.trimmingTrailingSpaces(runs), theme: theme)
        }
    }

    /// A cell's runs with the spaces its alignment puts around them to fill `width` columns.
    private static func aligned(_ cell: [StyledRun], width: Int, alignment: Alignment) -> [StyledRun] {
        let missing = max(0, width - DisplayWidth.columns(of: StyledRun.plainText(of: cell)))
        let before: Int
        switch alignment {
        case .left: before = 0
        case .right: before = missing
        case .center: before = missing / 2
        }
        return [StyledRun(String(repeating: " ", count: before))] + cell
            + [StyledRun(String(repeating: " ", count: missing - before))]
    }
}
