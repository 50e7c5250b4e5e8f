// Builds a libedit prompt from styled segments. libedit (EL_PROMPT_ESC) mishandles two invisible
// runs in a row and drops an invisible run at the very end, so each style change is one run and
// the prompt always ends with a visible space.
import Foundation

/// Renders prompts with invisible escape sequences bracketed by `\u{1}`.
enum PromptText {
    /// The first segment of every REPL prompt: Lyra's name.
    static let name: (String, Theme.Style) = ("lyra", .prompt)
    /// The last segment of every REPL prompt, before the text typed.
    static let end: (String, Theme.Style) = (" ›", .accent)

    static func render(_ segments: [(String, Theme.Style)], theme: Theme) -> String {
        let marker = Theme.promptEscapeMarker
        guard theme.colorLevel != .none else { return segments.map(\.0).joined() + " " }
        var prompt = ""
        var previousStyled = false
        for (text, style) in segments {
            let reset = previousStyled ? Theme.resetSequence : ""
            prompt += marker + reset + theme.openingSequence(for: style) + marker + text
            previousStyled = true
        }
        return prompt + marker + Theme.resetSequence + marker + " "
    }
}
