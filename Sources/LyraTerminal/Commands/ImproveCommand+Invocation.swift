// What an `/improve` line asks for, parsed from its words: at most one mode flag, then the text
// (the raw rest of the line or a `"""` block), `-` for standard input, or nothing yet.
import Foundation
import LyraKit

/// A parsed `/improve [MODE] TEXT`.
struct ImproveInvocation: Equatable, Sendable {
    /// Where the text comes from.
    enum TextSource: Equatable, Sendable {
        /// Given on the line or in a block.
        case given(String)
        /// `-`: read all of standard input.
        case standardInput
        /// None given: ask for it (REPL) or fail (script).
        case missing
    }

    /// The one mode; `.improve` when no flag was given.
    var mode: WritingMode
    /// The text, or where to get it.
    var text: TextSource

    /// The mode flags, in help order.
    static let modeFlags = ["--rewrite", "--grammar", "--shorten", "--translate", "--style"]

    /// Parses the words after `/improve`.
    /// - Throws: `CommandError.usage` for an unknown option or two modes; `WritingError` for
    ///   `--translate`/`--style` without a value.
    static func parse(_ arguments: CommandArguments) throws -> ImproveInvocation {
        let words = arguments.texts
        var chosen: (flag: String, mode: WritingMode)?
        var index = 0
        while index < words.count, words[index].hasPrefix("--") {
            let word = words[index]
            index += 1
            if word == "--" { break }
            let (flag, inlineValue) = LongOption.split(word)
            var value: String? { inlineValue ?? (index < words.count && !words[index].hasPrefix("--") ? words[index] : nil) }
            let mode: WritingMode
            switch flag {
            case "--rewrite", "--grammar", "--shorten":
                if inlineValue != nil { throw CommandError.usage("\(flag) takes no value") }
                mode = flag == "--rewrite" ? .rewrite : flag == "--grammar" ? .grammar : .shorten
            case "--translate", "--style":
                guard let given = value, !given.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw flag == "--translate" ? WritingError.missingLanguage : WritingError.missingStyle
                }
                if inlineValue == nil { index += 1 }
                mode = flag == "--translate" ? .translate(given) : .style(given)
            default:
                throw CommandError.usage("unknown option '\(word)' for /improve (modes: --rewrite, --grammar, "
                    + "--shorten, --translate LANG, --style STYLE; put -- before text that starts with --)")
            }
            if let chosen {
                throw CommandError.usage("choose one mode: \(chosen.flag) and \(flag) were both given")
            }
            chosen = (flag, mode)
        }
        return ImproveInvocation(mode: chosen?.mode ?? .improve, text: textSource(arguments, from: index))
    }

    /// The text from word `index` on, or the block.
    private static func textSource(_ arguments: CommandArguments, from index: Int) -> TextSource {
        guard let text = arguments.rest(from: index) else { return .missing }
        if arguments.block == nil {
            if text == "-" { return .standardInput }
            if !text.contains(where: { !$0.isWhitespace }) { return .missing }
        }
        return .given(text)
    }
}
