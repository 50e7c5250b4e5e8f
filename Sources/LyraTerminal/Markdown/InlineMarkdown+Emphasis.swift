// Emphasis matching for InlineMarkdown: `*` and `_` (one for italic, two for bold), `~~` strike.
// An opener is matched with the first closer of its kind, skipping nested spans; tries are cached.

extension InlineMarkdown {
    /// The emphasis span opened at `index` within `..<end`, nil when the run there cannot open
    /// one or has no closer.
    mutating func emphasis(at index: Int, end: Int) -> EmphasisMatch? {
        let key = EmphasisKey(start: index, end: end)
        if let known = emphasisMatches[key] { return known }
        let match = findEmphasis(at: index, end: end)
        emphasisMatches[key] = match
        return match
    }

    private mutating func findEmphasis(at index: Int, end: Int) -> EmphasisMatch? {
        nesting += 1
        defer { nesting -= 1 }
        let marker = characters[index]
        let length = runLength(at: index, end: end)
        let used = marker == "~" ? 2 : min(length, 2)
        guard marker != "~" || length == 2, canOpen(at: index, length: length, end: end) else { return nil }
        var probe = index + length
        while probe < end {
            if ordinary[probe] {
                probe += 1
                continue
            }
            let character = characters[probe]
            if character == "\\" {
                probe += 2
            } else if character == "`", let code = codeSpan(at: probe, end: end) {
                probe = code.end
            } else if character == marker {
                let closing = runLength(at: probe, end: end)
                if closing >= used, marker != "~" || closing == 2, canClose(at: probe, length: closing, end: end) {
                    let inner = (index + used)..<(probe + closing - used)
                    return EmphasisMatch(inner: inner, end: probe + closing, style: Self.style(marker: marker, count: used))
                }
                if nesting < Self.maximumNesting, canOpen(at: probe, length: closing, end: end), let nested = emphasis(at: probe, end: end) {
                    probe = nested.end
                } else {
                    probe += closing
                }
            } else {
                probe += 1
            }
        }
        return nil
    }

    /// The emphasis opened at `index` that has no closer before `end` but may be closed on the
    /// paragraph's next line: a run that can open a span and starts a word (`**bold` at the start
    /// of a line or after a space or punctuation, never the `*` of `a*b` or `*/`); nil otherwise.
    mutating func unclosedEmphasis(at index: Int, end: Int) -> OpenEmphasis? {
        let marker = characters[index]
        guard Self.isMarker(marker) else { return nil }
        let length = runLength(at: index, end: end)
        guard marker != "~" || length == 2, canOpen(at: index, length: length, end: end) else { return nil }
        if index > 0, Self.isWordCharacter(characters[index - 1]) { return nil }
        let next = characters[index + length]
        guard Self.isWordCharacter(next) || next == "`" || next == "(" || next == "[" || next == "\"" || next == "'"
        else { return nil }
        guard emphasis(at: index, end: end) == nil else { return nil }
        let used = marker == "~" ? 2 : min(length, 2)
        return OpenEmphasis(marker: String(repeating: marker, count: used), style: Self.style(marker: marker, count: used))
    }

    /// The look a marker run adds: `~~` strike, two markers strong, one emphasis.
    private static func style(marker: Character, count: Int) -> MarkdownStyle {
        if marker == "~" { return .strikethrough }
        return count == 2 ? .strong : .emphasis
    }

    /// Whether a run of `length` markers at `index` can open a span: text follows without a space,
    /// and `_` is not inside a word (`snake_case` stays as it is).
    private func canOpen(at index: Int, length: Int, end: Int) -> Bool {
        let after = index + length
        guard after < end, !characters[after].isWhitespace else { return false }
        if characters[index] == "_", index > 0, Self.isWordCharacter(characters[index - 1]) { return false }
        return true
    }

    /// Whether a run of `length` markers at `index` can close a span: text precedes it without a
    /// space, and `_` is not followed by a word character.
    private func canClose(at index: Int, length: Int, end: Int) -> Bool {
        guard index > 0, !characters[index - 1].isWhitespace else { return false }
        let after = index + length
        if characters[index] == "_", after < characters.count, Self.isWordCharacter(characters[after]) { return false }
        return true
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetterQuickly || character.isNumberQuickly
    }
}
