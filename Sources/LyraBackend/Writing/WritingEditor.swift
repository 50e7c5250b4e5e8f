// The `/ai-writing` modes on top of `WritingRules`: improve, fix grammar, rewrite, shorten,
// translate and style. Every mode is deterministic and documented in docs/API.md.

import Foundation

/// One `/ai-writing` mode.
enum WritingMode: Equatable, Sendable {
    case improve
    case fixGrammar
    case rewrite
    case shorten
    case translate(to: String)
    case style(String)
}

/// Applies a writing mode to a text.
enum WritingEditor {
    /// The edited text for `mode`.
    static func edit(_ text: String, mode: WritingMode) -> String {
        switch mode {
        case .improve, .fixGrammar: return WritingRules.apply(text)
        case .rewrite: return WritingRules.apply(rewriteFormally(WritingRules.normalizeWhitespace(text)))
        case .shorten: return WritingRules.addFinalPunctuation(firstSentence(of: WritingRules.apply(text)))
        case .translate(let language): return "[\(language)] " + WritingRules.apply(text)
        case .style(let style): return "[\(style)] " + WritingRules.apply(text)
        }
    }

    /// The text up to and including the first sentence terminator (with closing quotes or brackets),
    /// or up to the first line break when that comes sooner.
    static func firstSentence(of text: String) -> String {
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "\n" { return String(characters[..<index]) }
            if WritingRules.sentenceTerminators.contains(character),
               !WritingRules.isAbbreviation(characters, dotAt: index) {
                var end = index + 1
                while end < characters.count, WritingRules.sentenceTerminators.contains(characters[end])
                    || closingMarks.contains(characters[end]) { end += 1 }
                let isCJK = "。！？".contains(character)
                if end == characters.count || isCJK || characters[end].isWhitespace {
                    return String(characters[..<end])
                }
                index = end
                continue
            }
            index += 1
        }
        return text
    }

    private static let closingMarks: Set<Character> = ["\"", "'", "”", "’", "»", ")", "]", "」", "』"]

    /// The rewrite: contractions expanded and wordy phrases made concise (a formal register).
    static func rewriteFormally(_ text: String) -> String {
        var result = text
        for (pattern, replacement) in rewriteTable {
            result = result.replacingOccurrences(
                of: pattern, with: replacement, options: [.regularExpression, .caseInsensitive])
        }
        return result
    }

    /// Ordered (regular expression, template) pairs of the rewrite; the specific ones come first.
    static let rewriteTable: [(String, String)] = [
        ("\\bcan['’]t\\b", "cannot"),
        ("\\bwon['’]t\\b", "will not"),
        ("\\bshan['’]t\\b", "shall not"),
        ("\\b(\\w+)n['’]t\\b", "$1 not"),
        ("\\bi['’]m\\b", "I am"),
        ("\\b(you|we|they)['’]re\\b", "$1 are"),
        ("\\b(it|that|there|what|he|she)['’]s\\b", "$1 is"),
        ("\\blet['’]s\\b", "let us"),
        ("\\b(\\w+)['’]ll\\b", "$1 will"),
        ("\\b(\\w+)['’]ve\\b", "$1 have"),
        ("\\bin order to\\b", "to"),
        ("\\bdue to the fact that\\b", "because"),
        ("\\bin spite of the fact that\\b", "although"),
        ("\\bat this point in time\\b", "now"),
        ("\\bfor the purpose of\\b", "for"),
        ("\\b(is|are) able to\\b", "can"),
        ("\\ba lot of\\b", "many"),
    ]
}
