// What one complete source line of Markdown is, decided from the line alone: blank, fence, heading,
// thematic break, block quote, list item or paragraph text. Tables are recognised by MarkdownTable.

/// The kind of one source line and its parts.
enum MarkdownLine: Equatable {
    /// An empty or all-space line.
    case blank
    /// A code fence (opening or closing): its marker character and length, indentation and info string.
    case fence(marker: Character, length: Int, indent: Int, info: String)
    /// An ATX heading of `level` 1–6.
    case heading(level: Int, text: String)
    /// A thematic break (`---`, `***`, `___`).
    case rule
    /// A block quote `depth` levels deep.
    case quote(depth: Int, text: String)
    /// A list item: indentation, marker as written (`-`, `1.`), whether numbered, and its text.
    case listItem(indent: Int, marker: String, ordered: Bool, text: String)
    /// Paragraph text with its indentation.
    case paragraph(indent: Int, text: String)

    /// Classifies one line (without its `\n`, already sanitised).
    static func classify(_ line: String) -> MarkdownLine {
        let leading = line.prefix { $0 == " " || $0 == "\t" }
        let indent = leading.reduce(0) { $0 + ($1 == "\t" ? 4 : 1) }
        let text = line[leading.endIndex...]
        guard let first = text.utf8.first else { return .blank }
        // Most lines start with a letter: an ASCII character that begins no block is a paragraph,
        // known without taking the line apart by cluster.
        if first < 0x80 && !mayStartBlock(first) { return .paragraph(indent: indent, text: String(text)) }
        let body = Array(text)
        if let fence = fence(body, indent: indent) { return fence }
        if indent < 4 {
            if let heading = heading(body) { return heading }
            if isRule(body) { return .rule }
            if body[0] == ">" { return quote(body, text: text) }
        }
        if let item = listItem(body, text: text, indent: indent) { return item }
        return .paragraph(indent: indent, text: String(text))
    }

    /// Whether a line whose text starts with the ASCII `byte` may be something else than a
    /// paragraph: a fence, heading, rule, quote or list marker, or a digit (a numbered item).
    private static func mayStartBlock(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "`"), UInt8(ascii: "~"), UInt8(ascii: "#"), UInt8(ascii: "-"), UInt8(ascii: "*"),
             UInt8(ascii: "_"), UInt8(ascii: ">"), UInt8(ascii: "+"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            false
        }
    }

    /// `text` without the spaces and tabs at either end.
    static func trimmed(_ text: some StringProtocol) -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !isBlank($0) }), let last = text.lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        return String(text[first...last])
    }

    /// A fence: three or more backticks (info without backticks) or tildes, at any indentation.
    private static func fence(_ body: [Character], indent: Int) -> MarkdownLine? {
        guard let marker = body.first, marker == "`" || marker == "~" else { return nil }
        let length = body.prefix { $0 == marker }.count
        guard length >= 3 else { return nil }
        let info = MarkdownLine.trimmed(String(body.dropFirst(length)))
        if marker == "`" && info.contains("`") { return nil }
        return .fence(marker: marker, length: length, indent: indent, info: info)
    }

    /// `#` to `######` followed by a space or the end; a closing run of `#` is dropped.
    private static func heading(_ body: [Character]) -> MarkdownLine? {
        let level = body.prefix { $0 == "#" }.count
        guard (1...6).contains(level), level == body.count || body[level] == " " || body[level] == "\t" else { return nil }
        var text = MarkdownLine.trimmed(String(body.dropFirst(level)))
        let closing = text.reversed().prefix { $0 == "#" }.count
        if closing > 0 {
            let rest = String(text.dropLast(closing))
            if rest.isEmpty || rest.last == " " { text = MarkdownLine.trimmed(rest) }
        }
        return .heading(level: level, text: text)
    }

    /// Three or more of one of `-`, `*`, `_`, with only spaces between.
    private static func isRule(_ body: [Character]) -> Bool {
        guard let marker = body.first, "-*_".contains(marker) else { return false }
        let marks = body.filter { $0 != " " && $0 != "\t" }
        return marks.count >= 3 && marks.allSatisfy { $0 == marker }
    }

    /// `>` markers (spaces allowed between them), then the quoted text.
    private static func quote(_ body: [Character], text: Substring) -> MarkdownLine {
        var depth = 0
        var index = 0
        while index < body.count, body[index] == ">" {
            depth += 1
            index += 1
            while index < body.count, body[index] == " " { index += 1 }
        }
        return .quote(depth: depth, text: MarkdownLine.trimmed(text.dropFirst(index)))
    }

    /// `-`, `*`, `+`, or up to nine digits and `.` or `)`, followed by a space or the end.
    private static func listItem(_ body: [Character], text: Substring, indent: Int) -> MarkdownLine? {
        let digits = body.prefix { $0.isASCII && $0.isNumber }.count
        let markerLength: Int
        if digits > 0 {
            guard digits <= 9, digits < body.count, body[digits] == "." || body[digits] == ")" else { return nil }
            markerLength = digits + 1
        } else {
            guard "-*+".contains(body[0]) else { return nil }
            markerLength = 1
        }
        guard markerLength == body.count || body[markerLength] == " " || body[markerLength] == "\t" else { return nil }
        return .listItem(indent: indent, marker: String(text.prefix(markerLength)), ordered: digits > 0,
                         text: MarkdownLine.trimmed(text.dropFirst(markerLength)))
    }
}
