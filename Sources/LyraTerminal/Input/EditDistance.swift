// The edit distance behind "did you mean /help?": insertions, deletions, substitutions and
// swaps of two neighbouring characters each cost one (optimal string alignment).

/// Measures how far apart two short words are.
public enum EditDistance {
    /// The number of single-character edits (insert, delete, substitute, swap neighbours) that
    /// turn `source` into `target`.
    public static func between(_ source: String, _ target: String) -> Int {
        let a = Array(source), b = Array(target)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var row = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            row[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    row[j] = min(row[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, row) = (previous, row, beforePrevious)
        }
        return previous[b.count]
    }

    /// The largest distance still worth suggesting for a typed word: one edit for short words,
    /// two from six characters on.
    public static func suggestionLimit(forLength length: Int) -> Int {
        length >= 6 ? 2 : 1
    }
}
