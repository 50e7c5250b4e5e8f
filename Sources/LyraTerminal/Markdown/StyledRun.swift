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

    /// The runs' text painted with `theme`: neighbouring runs that look the same on screen share
    /// one opening sequence and one reset.
    static func paint(_ runs: [StyledRun], theme: Theme) -> String {
        var output = ""
        var opening = ""
        var pending = ""
        func flush() {
            output += opening.isEmpty || pending.isEmpty ? pending : opening + pending + Theme.resetSequence
        }
        for run in runs where !run.text.isEmpty {
            let next = theme.markdownOpeningSequence(for: run.style)
            if next != opening {
                flush()
                opening = next
                pending = ""
            }
            pending += run.text
        }
        flush()
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
