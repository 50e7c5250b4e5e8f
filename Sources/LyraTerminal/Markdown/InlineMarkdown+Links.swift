// Links for InlineMarkdown: `[text](url)` and `![alt](url)` become `text (url)` with the URL muted
// (just the URL when the text is empty or the URL itself); `<https://…>` autolinks become the URL.

extension InlineMarkdown {
    /// The link or image starting at `index` and where parsing resumes, nil when none is there.
    mutating func link(at index: Int, end: Int, style: MarkdownStyle) -> ([StyledRun], Int)? {
        let isImage = characters[index] == "!"
        let open = isImage ? index + 1 : index
        guard open < end, characters[open] == "[",
              let close = matching(from: open, end: end),
              close + 1 < end, characters[close + 1] == "(",
              let destinationEnd = matching(from: close + 1, end: end)
        else { return nil }
        let url = Self.destination(String(characters[(close + 2)..<destinationEnd]))
        let label = parse((open + 1)..<close, style: style.union(.link))
        let labelText = MarkdownLine.trimmed(StyledRun.plainText(of: label))
        guard !url.isEmpty else { return (label, destinationEnd + 1) }
        if labelText.isEmpty || labelText == url {
            return ([StyledRun(url, style)], destinationEnd + 1)
        }
        return (label + [StyledRun(" (" + url + ")", style.union(.muted))], destinationEnd + 1)
    }

    /// An autolink `<scheme://…>` or `<mailto:…>` at `index`: the address and where it ends.
    func autolink(at index: Int, end: Int) -> (text: String, end: Int)? {
        var probe = index + 1
        while probe < end, characters[probe] != ">" {
            if characters[probe] == " " || characters[probe] == "<" { return nil }
            probe += 1
        }
        guard probe < end else { return nil }
        let address = String(characters[(index + 1)..<probe])
        guard address.contains("://") || address.hasPrefix("mailto:") else { return nil }
        return (address, probe + 1)
    }

    /// The index of the bracket closing the one at `start`, counting nesting and skipping
    /// backslash escapes; nil when it is not closed before `end`.
    private func matching(from start: Int, end: Int) -> Int? {
        guard let close = closingBrackets[start], close < end else { return nil }
        return close
    }

    /// Pairs every `[` with its `]` and every `(` with its `)` in one pass (each kind nests on its
    /// own; a backslash makes the next character literal).
    static func findClosingBrackets(in characters: [Character], ordinary: [Bool]) -> [Int: Int] {
        var closing: [Int: Int] = [:]
        var squares: [Int] = []
        var rounds: [Int] = []
        var index = 0
        while index < characters.count {
            if ordinary[index] {
                index += 1
                continue
            }
            switch characters[index] {
            case "\\": index += 1
            case "[": squares.append(index)
            case "(": rounds.append(index)
            case "]": if let open = squares.popLast() { closing[open] = index }
            case ")": if let open = rounds.popLast() { closing[open] = index }
            default: break
            }
            index += 1
        }
        return closing
    }

    /// The URL of a link destination: `<…>` unwrapped, a trailing `"title"` dropped.
    private static func destination(_ text: String) -> String {
        var trimmed = MarkdownLine.trimmed(text)
        if trimmed.hasPrefix("<"), let close = trimmed.firstIndex(of: ">") {
            return String(trimmed[trimmed.index(after: trimmed.startIndex)..<close])
        }
        if let space = trimmed.firstIndex(of: " ") { trimmed = String(trimmed[..<space]) }
        return trimmed
    }
}
