// The advice for a one-shot whose piped input alone is longer than the model's window (SPEC §12):
// the conversation is not what is too long, so `/new` would not help; say how big the input is.
import Foundation
import LyraKit

/// Says that piped input does not fit the model's window.
@MainActor
enum OneShotInputAdvice {
    /// `the input is about 41k tokens; the model's window is 32k; …` when `error` says the context
    /// was too long and the input (`inputTokens`, estimated) alone exceeds the known window; else nil.
    static func text(for error: any Error, inputTokens: Int, context: CommandContext) async -> String? {
        guard case ProviderError.contextTooLong = error else { return nil }
        return await text(forInputTokens: inputTokens, context: context)
    }

    /// The advice when the input (`inputTokens`, estimated) alone exceeds the model's known window.
    static func text(forInputTokens inputTokens: Int, context: CommandContext) async -> String? {
        guard inputTokens > 0, let model = try? await context.services.currentModel(),
              let window = await context.services.contextWindowPlan(for: model).window() else { return nil }
        return advice(inputTokens: inputTokens, window: window.tokens)
    }

    /// The advice when `inputTokens` exceeds `window`, else nil.
    static func advice(inputTokens: Int, window: Int) -> String? {
        guard inputTokens > window else { return nil }
        return "the input is about \(TokenCount.short(inputTokens)) tokens; the model's window is "
            + "\(TokenCount.short(window)): send a part of it, or pick a model with a larger window (/model)"
    }
}
