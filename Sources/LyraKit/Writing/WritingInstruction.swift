// The instruction a model gets for each writing mode (SPEC §8 "Writing with a model"): one
// system prompt per mode, always asking for the resulting text only.
import Foundation

/// System prompts for `/improve` on a model.
public enum WritingInstruction {
    /// The system prompt for `mode`.
    public static func systemPrompt(for mode: WritingMode) -> String {
        let task: String
        switch mode {
        case .improve: task = "Improve the user's text: clearer, more natural and correct, same meaning and language."
        case .rewrite: task = "Rewrite the user's text to be clearer and more formal, keeping its meaning and language."
        case .grammar: task = "Fix only the grammar, spelling and punctuation of the user's text; change nothing else."
        case .shorten: task = "Make the user's text shorter, keeping its key points and its language."
        case .translate(let language): task = "Translate the user's text into \(language)."
        case .style(let style): task = "Rewrite the user's text in a \(style) style, keeping its meaning and language."
        }
        return task + " Answer with the resulting text only: no introduction, no quotes, no explanation."
    }
}
