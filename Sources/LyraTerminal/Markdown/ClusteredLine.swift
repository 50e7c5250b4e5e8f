// One line as an array of grapheme clusters (what the Markdown parsers index) together with where each
// cluster starts in the line's UTF-8, so that the text of a range of clusters is cut from the line in
// one piece instead of being put back together a cluster at a time.

/// A line's grapheme clusters and their UTF-8 offsets.
struct ClusteredLine {
    /// The line.
    let text: String
    /// The line's grapheme clusters.
    let characters: [Character]
    /// The UTF-8 offset in `text` where each cluster starts, then the length of `text`.
    let offsets: [Int]

    /// The clusters of `text`.
    init(_ text: String) {
        self.text = text
        characters = Array(text)
        var offsets: [Int] = []
        offsets.reserveCapacity(characters.count + 1)
        var offset = 0
        for character in characters {
            offsets.append(offset)
            offset += character.utf8.count
        }
        offsets.append(offset)
        self.offsets = offsets
    }

    /// The text of the clusters in `range` (empty when the range is).
    func text(_ range: Range<Int>) -> String {
        guard range.lowerBound < range.upperBound else { return "" }
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: offsets[range.lowerBound])
        let end = utf8.index(start, offsetBy: offsets[range.upperBound] - offsets[range.lowerBound])
        return String(text[start..<end])
    }
}
