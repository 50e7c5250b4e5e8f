// The rule-based text edits behind `/ai-writing` (SPEC §6): whitespace, repeated words,
// standalone `i`, capitals at sentence starts, final punctuation. Pure and Unicode-safe.

/// The individual editing rules, applied in order by `apply(_:)`.
enum WritingRules {
    /// Applies every rule: whitespace, repeated words, standalone `i`, capitals, final punctuation.
    static func apply(_ text: String) -> String {
        let lines = normalizeWhitespace(text).split(separator: "\n", omittingEmptySubsequences: false)
        let deduplicated = lines.map { removeRepeatedWords(String($0)) }.joined(separator: "\n")
        return addFinalPunctuation(capitalizeSentences(capitalizeStandaloneI(deduplicated)))
    }

    /// Collapses runs of spaces and tabs into one space, trims each line and the whole text; newlines stay.
    static func normalizeWhitespace(_ text: String) -> String {
        let unified = text.replacingAll("\r\n", with: "\n").replacingAll("\r", with: "\n")
        let lines = unified.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var out = ""
            var pendingSpace = false
            for character in line {
                if character == " " || character == "\t" {
                    pendingSpace = !out.isEmpty
                } else {
                    if pendingSpace { out.append(" ") }
                    pendingSpace = false
                    out.append(character)
                }
            }
            return out
        }
        var view = ArraySlice(lines)
        while view.first?.isEmpty == true { view.removeFirst() }
        while view.last?.isEmpty == true { view.removeLast() }
        return view.joined(separator: "\n")
    }

    /// Removes a word that repeats the word right before it, case-insensitively ("the the" → "the").
    /// A repeat's trailing punctuation is kept ("the the." → "the."); a word ending in punctuation ends the run.
    static func removeRepeatedWords(_ line: String) -> String {
        var kept: [String] = []
        for token in line.split(separator: " ").map(String.init) {
            let core = String(token.prefix { isWordCharacter($0) })
            let rest = token.dropFirst(core.count)
            if let previous = kept.last, isPlainWord(previous), core.contains(where: \.isLetter),
               !rest.contains(where: isWordCharacter), core.lowercased() == previous.lowercased() {
                kept[kept.count - 1] = previous + rest
            } else {
                kept.append(token)
            }
        }
        return kept.joined(separator: " ")
    }

    /// Writes a standalone `i` (not inside a word, not `i.e.`) as `I`, also in `i'm`, `i'd`.
    static func capitalizeStandaloneI(_ text: String) -> String {
        let characters = Array(text)
        var out = characters
        for index in characters.indices where characters[index] == "i" {
            let before = index > 0 ? characters[index - 1] : nil
            let after = index + 1 < characters.count ? characters[index + 1] : nil
            let afterNext = index + 2 < characters.count ? characters[index + 2] : nil
            if let before, isWordCharacter(before) && before != "'" && before != "’" { continue }
            if let after, after.isLetter || after.isNumber { continue }
            if after == ".", let afterNext, afterNext.isLetter { continue }
            out[index] = "I"
        }
        return String(out)
    }

    /// Capitalizes the first letter of the text, of every line, and after `.`, `!`, `?`, `…` plus whitespace
    /// (a `.` ending a common abbreviation such as `e.g.` does not end a sentence).
    static func capitalizeSentences(_ text: String) -> String {
        let characters = Array(text)
        var out = ""
        var atStart = true
        var afterTerminator = false
        for (index, character) in characters.enumerated() {
            if character == "\n" {
                atStart = true
                afterTerminator = false
            } else if character.isWhitespace {
                if afterTerminator { atStart = true }
            } else if sentenceTerminators.contains(character) {
                afterTerminator = !isAbbreviation(characters, dotAt: index)
                atStart = false
            } else if character.isLetter || character.isNumber {
                let upper = character.uppercased()
                if atStart && character.isLowercase && upper.count == 1 {
                    out += upper
                    atStart = false
                    afterTerminator = false
                    continue
                }
                atStart = false
                afterTerminator = false
            } else {
                afterTerminator = false
            }
            out.append(character)
        }
        return out
    }

    /// Whether the `.` at `index` ends one of a few common abbreviations (`e.g.`, `i.e.`, `Mr.`, `Dr.`, `vs.`).
    static func isAbbreviation(_ characters: [Character], dotAt index: Int) -> Bool {
        guard characters[index] == "." else { return false }
        var start = index
        while start > 0, characters[start - 1].isLetter || characters[start - 1] == "." { start -= 1 }
        let word = String(characters[start...index]).lowercased()
        return abbreviations.contains(word)
    }

    private static let abbreviations: Set<String> = ["e.g.", "i.e.", "mr.", "mrs.", "ms.", "dr.", "vs.", "cf.", "st."]

    /// Adds `.` (or `。` after Chinese/Japanese text) when the text ends in a letter or digit.
    static func addFinalPunctuation(_ text: String) -> String {
        guard let last = text.last, last.isLetter || last.isNumber else { return text }
        return text + (isHanOrKana(last) ? "。" : ".")
    }

    /// Characters that end a sentence.
    static let sentenceTerminators: Set<Character> = [".", "!", "?", "…", "。", "！", "？"]

    static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "'" || character == "’"
    }

    private static func isPlainWord(_ token: String) -> Bool {
        !token.isEmpty && token.allSatisfy(isWordCharacter) && token.contains(where: \.isLetter)
    }

    static func isHanOrKana(_ character: Character) -> Bool {
        character.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F: return true
            default: return false
            }
        }
    }
}

extension String {
    /// Replaces every occurrence of `target` (no Foundation needed).
    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
