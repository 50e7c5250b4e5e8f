// `/sessions search` output: one line per session (number, title, a line of context with the
// matches highlighted), cut to the terminal width in the REPL; or, with `--json`, one array of
// {number, id, title, role, context}.
import Foundation
import LyraKit

/// Renders search results; all server- and file-borne text is sanitised.
enum SessionSearchView {
    /// One line per hit; `width` cuts each line (nil: not cut, as in scripts). Each occurrence of
    /// `query` (any case) in the context is painted as a match, like grep's `--color`.
    static func table(_ hits: [SessionSearchHit], query: String, width: Int?, theme: Theme) -> String {
        let numberWidth = hits.map { String($0.number).count }.max() ?? 0
        let titles = hits.map { DisplayWidth.truncate(SessionListView.displayTitle($0.session.title),
                                                      toColumns: SessionListView.titleColumns) }
        let titleWidth = titles.map { DisplayWidth.columns(of: $0) }.max() ?? 0
        let used = numberWidth + 2 + titleWidth + 2
        let filter = SessionTextFilter(query)
        // By index: a hit is read in place, not copied (10,000 lines for a common word).
        return hits.indices.map { index in
            let number = String(hits[index].number)
            let lead = String(repeating: " ", count: numberWidth - number.count)
            var excerpt = TextSanitizer.singleLine(hits[index].excerpt)
            if let width { excerpt = DisplayWidth.truncate(excerpt, toColumns: max(width - used, 1)) }
            return lead + theme.paint(number, .accent) + "  " + DisplayWidth.pad(titles[index], toColumns: titleWidth)
                + "  " + highlighted(excerpt, query: query, filter: filter, theme: theme)
        }.joined(separator: "\n")
    }

    /// `text` muted, with every occurrence of `query` (ignoring case) painted as a match; `filter`
    /// is `query`'s, made once for all the lines.
    static func highlighted(_ text: String, query: String, filter: SessionTextFilter?, theme: Theme) -> String {
        guard !query.isEmpty else { return theme.paint(text, .muted) }
        var painted = ""
        var rest = text.startIndex
        while let match = filter.map({ $0.firstRange(in: text, from: rest) })
            ?? text.range(of: query, options: .caseInsensitive, range: rest..<text.endIndex) {
            painted += theme.paint(String(text[rest..<match.lowerBound]), .muted)
            painted += theme.paint(String(text[match]), .match)
            rest = match.upperBound
        }
        return painted + theme.paint(String(text[rest...]), .muted)
    }

    /// The hits as one JSON array, most recent first (keys sorted).
    static func json(_ hits: [SessionSearchHit]) -> String {
        guard !hits.isEmpty else { return "[]" }  // Foundation pretty-prints an empty array on two lines
        let rows: [[String: Any]] = hits.map { hit in
            ["number": hit.number, "id": hit.session.id, "title": hit.session.title,
             "role": hit.role.rawValue, "context": hit.excerpt]
        }
        let options: JSONSerialization.WritingOptions = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? JSONSerialization.data(withJSONObject: rows, options: options) else { return "[]" }
        return JSONText.string(from: data)
    }
}
