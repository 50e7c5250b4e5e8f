// `lyra [OPTIONS] PROMPT…` (SPEC §1, §9): one chat message, its reply printed as in a script, then
// exit. Standard input that is not a terminal is data: sent after the prompt and a blank line. When
// stdout's reader goes away the reply is cancelled (LyraApp) and the status is 141.
import Foundation
import LyraKit

/// Runs a one-shot prompt.
@MainActor
enum OneShotPrompt {
    /// Sends `prompt` (with piped standard input attached when `readsStandardInput`) and prints the reply.
    /// - Returns: `.success`, or the status of the failure (printed as `lyra: MESSAGE` on stderr).
    static func run(_ prompt: String, context: CommandContext, interpreter: LineInterpreter,
                    readsStandardInput: Bool) async -> ExitStatus {
        defer { context.console.flush() }
        var inputTokens = 0
        do {
            if readsStandardInput, let text = try AttachmentIntake.attachStandardInput(context: context) {
                inputTokens = TokenCount.estimate(text)
            }
            guard let handler = interpreter.messageHandler else {
                throw CommandError.failed("chat is not available in this build")
            }
            try await handler.send(prompt, context: context)
            context.console.flush()
            // A server that cuts silently (Ollama) answers anyway: say when the input alone did not fit.
            if let advice = await OneShotInputAdvice.text(forInputTokens: inputTokens, context: context) {
                context.console.writeErrorMessage("lyra: warning: \(advice)")
            }
            // Stdout's reader left (the reply was cancelled for it, or its end went nowhere): 141.
            return FileDescriptorSink.sawBrokenPipe(STDOUT_FILENO) ? .outputClosed : .success
        } catch {
            if FileDescriptorSink.sawBrokenPipe(STDOUT_FILENO) { return .outputClosed }
            if let advice = await OneShotInputAdvice.text(for: error, inputTokens: inputTokens, context: context) {
                context.console.writeErrorMessage("lyra: \(advice)")
                return ExitStatus.forFailure(error)
            }
            context.console.writeErrorMessage("lyra: \(ErrorText.describe(error, oneShot: true))")
            return ExitStatus.forFailure(error)
        }
    }
}
