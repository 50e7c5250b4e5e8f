// A piece of rendered Markdown text with its look, and the painting of a line of such pieces:
// neighbours with the same look are merged so each span gets one SGR sequence and one reset.

/// Text that shares one Markdown look.
struct StyledRun: Sendable, Hashable {
    /// The visible text (already sanitised, no controls).
    var text: String
    /// How the text looks.
    var style: MarkdownStyle

    /// Creates a run of `text` in `style`.
    init(_ text: String, _ style: MarkdownStyle = []) {
        self.text = text
        self.style = style
    }

    /// The runs' text painted with `theme`, neighbouring runs of the same look merged.
    static func paint(_ runs: [StyledRun], theme: Theme) -> String {
        var output = ""
        for run in merged(runs) {
            output += theme.paint(run.text, markdown: run.style)
        }
        return output
    }

    /// The visible text of the runs.
    static func plainText(of runs: [StyledRun]) -> String {
        runs.map(\.text).joined()
    }

    /// The runs with empty ones dropped and neighbours of the same look joined.
    static func merged(_ runs: [StyledRun]) -> [StyledRun] {
        var result: [StyledRun] = []
        for run in runs where !run.text.isEmpty {
            if let last = result.last, last.style == run.style {
                result[result.count - 1].text += run.text
            } else {
                result.append(run)
            }
        }
        return result
    }
}
