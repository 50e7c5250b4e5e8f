// How a message Lyra prints (an error, a warning, a notice, a hint) is laid out (SPEC §9): on a
// terminal wrapped by words to its width, continuation lines indented under the text after the
// message's lead (`lyra: line 3: warning: `); unchanged for a pipe or a file, where scripts read it.

/// One screen line of a message: its lead (the label on a first line, spaces under it on the
/// lines that continue it) and its text.
public struct MessageLine: Sendable, Equatable {
    /// `lyra: `, `error: `, … on the first line of a paragraph; spaces on its continuation lines.
    public var lead: String
    /// The words on this line.
    public var text: String

    /// A line with `lead` before `text`.
    public init(lead: String, text: String) {
        self.lead = lead
        self.text = text
    }

    /// The lead and the text, unpainted.
    public var plain: String { lead + text }
}

/// Lays messages out for a terminal; the one wrapping used is ``TextWrapper``.
public enum MessageLayout {
    /// The labels a message may start with, in order; each may appear once.
    private static let labels = ["lyra: ", "line ", "error: ", "warning: ", "note: ", "hint: "]

    /// The lines of `text` (already sanitised, no escape sequences; `\n` separates paragraphs).
    /// - Parameters:
    ///   - text: the message without its final newline.
    ///   - width: the terminal's columns, or nil when the stream is not a terminal: then each
    ///     paragraph is one line, exactly as given.
    /// - Returns: every paragraph wrapped by words to `width`; its continuation lines are indented
    ///   under the text after its lead when that lead takes at most half the width.
    public static func lines(_ text: String, width: Int?) -> [MessageLine] {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { paragraph -> [MessageLine] in
            let lead = self.lead(of: paragraph)
            let body = String(paragraph.dropFirst(lead.count))
            guard let width else { return [MessageLine(lead: lead, text: body)] }
            let leadWidth = DisplayWidth.columns(of: lead)
            guard leadWidth <= width / 2 else {
                return TextWrapper.wrap(String(paragraph), width: width).map { MessageLine(lead: "", text: $0) }
            }
            let indent = String(repeating: " ", count: leadWidth)
            return TextWrapper.wrap(body, width: width - leadWidth).enumerated().map { index, line in
                MessageLine(lead: index == 0 ? lead : indent, text: line)
            }
        }
    }

    /// `text` laid out for `width` and painted: the lead of each paragraph's first line in
    /// `leadStyle` (by default as the words), the words in `bodyStyle`; every line ends in a
    /// newline (a final newline of `text` is not a paragraph of its own).
    public static func render(_ text: String, width: Int?, theme: Theme,
                              leadStyle: Theme.Style? = nil, bodyStyle: Theme.Style? = nil) -> String {
        let text = text.hasSuffix("\n") ? String(text.dropLast()) : text
        let leadStyle = leadStyle ?? bodyStyle
        return lines(text, width: width).map { line in
            let lead = line.lead.first == " " ? line.lead : paint(line.lead, leadStyle, theme)
            return lead + paint(line.text, bodyStyle, theme) + "\n"
        }.joined()
    }

    /// The labels `paragraph` starts with (`lyra: line 12: warning: `), or "".
    static func lead(of paragraph: Substring) -> String {
        var rest = paragraph
        var lead = ""
        for label in labels where rest.hasPrefix(label) {
            if label == "line " {
                // `line N: ` only, with its number.
                let digits = rest.dropFirst(label.count).prefix { $0.isASCII && $0.isNumber }
                guard !digits.isEmpty, rest.dropFirst(label.count + digits.count).hasPrefix(": ") else { continue }
                let labelled = label + digits + ": "
                lead += labelled
                rest = rest.dropFirst(labelled.count)
            } else {
                lead += label
                rest = rest.dropFirst(label.count)
            }
        }
        return lead
    }

    private static func paint(_ text: String, _ style: Theme.Style?, _ theme: Theme) -> String {
        guard let style, !text.isEmpty else { return text }
        return theme.paint(text, style)
    }
}
