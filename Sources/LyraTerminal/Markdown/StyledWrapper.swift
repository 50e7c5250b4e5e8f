// Word wrap of styled text by display width, behind a prefix (list marker, quote indent) with a
// hanging indent for the following lines. URLs are never broken; other over-long words are.

/// Wraps styled runs into screen lines.
enum StyledWrapper {
    /// One grapheme cluster and its look.
    struct Cell {
        var character: Character
        var style: MarkdownStyle
    }

    /// A run of spaces or of other cells, with its display width.
    struct Token {
        var cells: [Cell] = []
        var width = 0
        var isSpace = false
    }

    /// `runs` wrapped to `width` columns: the first line starts with `prefix`, the others with
    /// `continuation` (give both the same width). A word wider than the room left is broken
    /// between clusters, unless it holds a URL (`://`), which stands whole on its own line.
    /// Lines carry no trailing spaces; empty text gives one line holding the prefix.
    static func wrap(
        _ runs: [StyledRun], width: Int, prefix: [StyledRun] = [], continuation: [StyledRun] = []
    ) -> [[StyledRun]] {
        let prefixWidth = DisplayWidth.columns(of: StyledRun.plainText(of: prefix))
        var builder = StyledLineBuilder(limit: max(1, width - prefixWidth))
        for token in tokens(of: runs) {
            builder.add(token)
        }
        let lines = builder.finish()
        return lines.enumerated().map { index, cells in
            let lead = index == 0 ? prefix : continuation
            if cells.isEmpty { return trimmingTrailingSpaces(lead) }
            return StyledRun.merged(lead + styledRuns(of: cells))
        }
    }

    /// Splits the runs into alternating space and word tokens.
    static func tokens(of runs: [StyledRun]) -> [Token] {
        var result: [Token] = []
        var current = Token()
        for run in runs {
            for character in run.text {
                let isSpace = character == " " || character == "\t"
                if !current.cells.isEmpty && isSpace != current.isSpace {
                    result.append(current)
                    current = Token()
                }
                current.isSpace = isSpace
                current.cells.append(Cell(character: isSpace ? " " : character, style: run.style))
                current.width += isSpace ? 1 : DisplayWidth.columns(of: character)
            }
        }
        if !current.cells.isEmpty { result.append(current) }
        return result
    }

    /// Cells joined into runs of the same look.
    static func styledRuns(of cells: [Cell]) -> [StyledRun] {
        var result: [StyledRun] = []
        for cell in cells {
            if let last = result.last, last.style == cell.style {
                result[result.count - 1].text.append(cell.character)
            } else {
                result.append(StyledRun(String(cell.character), cell.style))
            }
        }
        return result
    }

    /// The runs without the spaces they end with.
    static func trimmingTrailingSpaces(_ runs: [StyledRun]) -> [StyledRun] {
        var result = StyledRun.merged(runs)
        while let last = result.last {
            guard let kept = last.text.lastIndex(where: { $0 != " " }) else {
                result.removeLast()
                continue
            }
            result[result.count - 1].text = String(last.text[...kept])
            break
        }
        return result
    }
}
