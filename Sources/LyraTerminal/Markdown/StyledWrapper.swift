// Word wrap of styled text by display width, behind a prefix (list marker, quote indent) with a
// hanging indent for the following lines. URLs are never broken; other over-long words are.
// Words are slices of the runs, measured once; only a word broken across lines is taken apart by
// cluster. A run of ASCII text is split by bytes (each byte is one cluster there), others by cluster.

/// Wraps styled runs into screen lines.
enum StyledWrapper {
    /// A run of spaces or of other clusters: its pieces (each in one look) and its display width.
    struct Token {
        var pieces: [StyledRun] = []
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
        if let line = fittingLine(runs, limit: max(1, width - prefixWidth)) {
            return [line.isEmpty ? trimmingTrailingSpaces(prefix) : StyledRun.merged(prefix + line)]
        }
        var builder = StyledLineBuilder(limit: max(1, width - prefixWidth))
        for token in tokens(of: runs) {
            builder.add(token)
        }
        let lines = builder.finish()
        return lines.enumerated().map { index, pieces in
            let lead = index == 0 ? prefix : continuation
            if pieces.isEmpty { return trimmingTrailingSpaces(lead) }
            return StyledRun.merged(lead + pieces)
        }
    }

    /// The runs as one line without the spaces they start and end with, when they are printable
    /// ASCII (no tabs) that fits in `limit` columns: what the word wrap would give, without
    /// taking the text apart; nil otherwise.
    static func fittingLine(_ runs: [StyledRun], limit: Int) -> [StyledRun]? {
        var total = 0
        for run in runs {
            guard run.text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
            total += run.text.utf8.count
            if total > limit { return nil }
        }
        var line = runs.filter { !$0.text.isEmpty }
        while let first = line.first {
            guard let start = first.text.utf8.firstIndex(where: { $0 != 0x20 }) else {
                line.removeFirst()
                continue
            }
            line[0].text = String(first.text[start...])
            break
        }
        while let last = line.last {
            guard let end = last.text.utf8.lastIndex(where: { $0 != 0x20 }) else {
                line.removeLast()
                continue
            }
            line[line.count - 1].text = String(last.text[...end])
            break
        }
        return line
    }

    /// Splits the runs into alternating space and word tokens (a tab becomes a space).
    static func tokens(of runs: [StyledRun]) -> [Token] {
        var splitter = TokenSplitter()
        for run in runs where !run.text.isEmpty {
            if run.text.utf8.allSatisfy({ $0 < 0x80 }) {
                splitter.addASCII(run)
            } else {
                splitter.addClusters(run)
            }
        }
        return splitter.finish()
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

/// Cuts runs into tokens: a token grows by slices of runs until the kind (space or not) changes.
private struct TokenSplitter {
    private(set) var result: [StyledWrapper.Token] = []
    private var current = StyledWrapper.Token()

    /// Adds a run of ASCII text, a byte at a time (every byte is a cluster of its own there).
    mutating func addASCII(_ run: StyledRun) {
        let utf8 = run.text.utf8
        var start = utf8.startIndex
        var width = 0
        var isSpace = false
        for index in utf8.indices {
            let byte = utf8[index]
            let space = byte == 0x20 || byte == 0x09
            if index != start && space != isSpace {
                add(run.text[start..<index], width: width, isSpace: isSpace, style: run.style)
                start = index
                width = 0
            }
            isSpace = space
            width += space || (byte >= 0x20 && byte != 0x7F) ? 1 : 0
        }
        add(run.text[start...], width: width, isSpace: isSpace, style: run.style)
    }

    /// Adds a run one grapheme cluster at a time, measured by ``DisplayWidth``.
    mutating func addClusters(_ run: StyledRun) {
        let text = run.text
        var start = text.startIndex
        var width = 0
        var isSpace = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let space = character == " " || character == "\t"
            if index != start && space != isSpace {
                add(text[start..<index], width: width, isSpace: isSpace, style: run.style)
                start = index
                width = 0
            }
            isSpace = space
            width += space ? 1 : DisplayWidth.columns(of: character)
            index = text.index(after: index)
        }
        add(text[start...], width: width, isSpace: isSpace, style: run.style)
    }

    /// Appends a slice of one kind to the current token, or starts the next token with it.
    private mutating func add(_ slice: Substring, width: Int, isSpace: Bool, style: MarkdownStyle) {
        guard !slice.isEmpty else { return }
        if !current.pieces.isEmpty && isSpace != current.isSpace {
            result.append(current)
            current = StyledWrapper.Token()
        }
        current.isSpace = isSpace
        // Spaces are shown as spaces (a tab too), one column each.
        let text = isSpace ? String(repeating: " ", count: width) : String(slice)
        current.pieces.append(StyledRun(text, style))
        current.width += width
    }

    /// The tokens, the last one included.
    mutating func finish() -> [StyledWrapper.Token] {
        if !current.pieces.isEmpty { result.append(current) }
        current = StyledWrapper.Token()
        return result
    }
}
