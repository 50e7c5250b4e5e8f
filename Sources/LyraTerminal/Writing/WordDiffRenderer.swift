// Draws a ``WordDiff`` for the terminal: deletions and insertions in the theme's diff styles, or,
// with colour off (NO_COLOR, --no-color), as visible `[-old-]{+new+}` markers like wdiff's.
import Foundation

/// Renders word diffs.
public enum WordDiffRenderer {
    /// Opening and closing markers of a deletion when colour is off.
    public static let deletionMarkers = ("[-", "-]")
    /// Opening and closing markers of an insertion when colour is off.
    public static let insertionMarkers = ("{+", "+}")

    /// `diff` as text: styled when `theme` has colour, with markers otherwise. The texts should
    /// already be sanitised; styles are closed before every newline so each line stands alone.
    public static func render(_ diff: WordDiff, theme: Theme) -> String {
        let colored = theme.colorLevel != .none
        return diff.segments.map { segment -> String in
            switch segment {
            case .same(let text):
                return text
            case .deleted(let text):
                return colored ? paintLines(text, .diffDelete, theme) : wrap(text, deletionMarkers)
            case .inserted(let text):
                return colored ? paintLines(text, .diffInsert, theme) : wrap(text, insertionMarkers)
            }
        }.joined()
    }

    private static func wrap(_ text: String, _ markers: (String, String)) -> String {
        markers.0 + text + markers.1
    }

    private static func paintLines(_ text: String, _ style: Theme.Style, _ theme: Theme) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { theme.paint(String($0), style) }
            .joined(separator: "\n")
    }
}
