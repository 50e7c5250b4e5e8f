// Finds the fenced code blocks (``` or ~~~) of a Markdown reply, for `/copy N`: the text inside
// the fence only, and the language named after the opening fence.
import Foundation

/// One fenced code block of a reply.
public struct FencedCodeBlock: Sendable, Equatable {
    /// The language after the opening fence (`python` in ```python), if any.
    public var language: String?
    /// The lines between the fences, joined with `\n`.
    public var text: String

    /// A block of `text` in `language`.
    public init(language: String?, text: String) {
        self.language = language
        self.text = text
    }

    /// How many lines the block has.
    public var lineCount: Int { text.isEmpty ? 0 : text.split(separator: "\n", omittingEmptySubsequences: false).count }
}

/// Splits Markdown into its fenced code blocks (CommonMark fences: up to 3 spaces of indent, 3 or
/// more backticks or tildes; closed by a fence of the same character at least as long, or the end).
public enum FencedCodeBlocks {
    /// The code blocks of `markdown`, in order.
    public static func extract(_ markdown: String) -> [FencedCodeBlock] {
        var blocks: [FencedCodeBlock] = []
        var open: (fence: String, language: String?, lines: [String])?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if let current = open {
                if isClosing(line, for: current.fence) {
                    blocks.append(FencedCodeBlock(language: current.language, text: current.lines.joined(separator: "\n")))
                    open = nil
                } else {
                    open?.lines.append(line)
                }
            } else if let (fence, info) = opening(line) {
                open = (fence, info.split(separator: " ").first.map(String.init), [])
            }
        }
        if let current = open {
            blocks.append(FencedCodeBlock(language: current.language, text: current.lines.joined(separator: "\n")))
        }
        return blocks
    }

    /// The fence and its info string when `line` opens a block.
    private static func opening(_ line: String) -> (String, String)? {
        let body = unindented(line)
        guard let marker = body.first, marker == "`" || marker == "~" else { return nil }
        let fence = String(body.prefix { $0 == marker })
        guard fence.count >= 3 else { return nil }
        let info = body.dropFirst(fence.count).trimmingCharacters(in: .whitespaces)
        if marker == "`" && info.contains("`") { return nil }
        return (fence, info)
    }

    private static func isClosing(_ line: String, for fence: String) -> Bool {
        let body = unindented(line).trimmingCharacters(in: .whitespaces)
        guard let marker = fence.first, body.count >= fence.count else { return false }
        return body.allSatisfy { $0 == marker }
    }

    /// `line` without up to three leading spaces, or `""` when it is indented further (code, not a fence).
    private static func unindented(_ line: String) -> Substring {
        let spaces = line.prefix { $0 == " " }.count
        return spaces > 3 ? "" : line.dropFirst(spaces)
    }
}
