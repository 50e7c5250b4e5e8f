// The interactive loop: read → classify → dispatch → render. Ctrl-C at the prompt clears the line;
// Ctrl-C while a line runs cancels that work and prompts again; Ctrl-D on an empty line leaves;
// SIGTERM/SIGHUP cancel the running line (its partial reply saved) before Lyra ends.
import Foundation
import LyraKit

/// The REPL controller (the app's view models were `@MainActor`; so is this).
@MainActor
public final class REPL: FollowUpInput {
    private let editor: LineEditor
    private let context: CommandContext
    private let interpreter: LineInterpreter
    private let interrupts: InterruptMonitor
    private let historyPolicy: HistoryPolicy
    private var running: Task<LineOutcome, any Error>?
    private var lineNumber = 0

    /// A REPL reading through `editor` and running lines in `context`.
    public init(editor: LineEditor, context: CommandContext, interpreter: LineInterpreter, interrupts: InterruptMonitor) {
        self.editor = editor
        self.context = context
        self.interpreter = interpreter
        self.interrupts = interrupts
        self.historyPolicy = HistoryPolicy(registry: context.registry)
    }

    /// Runs until `/quit` or Ctrl-D; returns the exit status.
    public func run() async -> ExitStatus {
        context.input = self
        interrupts.onInterrupt { [weak self] in self?.running?.cancel() }
        // SIGTERM or SIGHUP (a closed terminal, `kill`) while a line runs: it is cancelled as by
        // Ctrl-C, so a reply being streamed is saved as incomplete before the process ends.
        TerminationSignals.onTermination { [weak self] _ in
            guard let self else { return }
            REPL.cancelRunningLine(of: self, waitingAtMost: .seconds(2))
        }
        var assembler = InputAssembler()
        loop: while true {
            context.console.flush()
            switch await editor.readLine(prompt: prompt(continuing: assembler.isInsideBlock)) {
            case .endOfInput:
                context.console.write("\n")
                break loop
            case .interrupted:
                assembler.reset()
                context.console.write("\n")
                continue
            case .line(let text):
                lineNumber += 1
                if historyPolicy.allows(text) { await editor.remember(text) }
                guard let line = assembler.feed(text, lineNumber: lineNumber) else { continue }
                if await execute(line) == .quit { break loop }
            }
        }
        context.console.flush()
        await editor.close()
        return .success
    }

    /// Cancels the line `repl` is running, if any, and waits until it has ended (its partial reply
    /// saved) or `limit` has passed. Called on the termination watcher's thread, never on the main actor.
    nonisolated static func cancelRunningLine(of repl: REPL, waitingAtMost limit: DispatchTimeInterval) {
        let ended = DispatchSemaphore(value: 0)
        Task { @MainActor in
            if let running = repl.running {
                running.cancel()
                _ = await running.result
            }
            ended.signal()
        }
        _ = ended.wait(timeout: .now() + limit)
    }

    /// Runs one line in a task that Ctrl-C can cancel; reports failures and goes on.
    private func execute(_ line: LogicalLine) async -> LineOutcome? {
        let interpreter = self.interpreter
        let task = Task { @MainActor in try await interpreter.run(line) }
        running = task
        // The terminal holds type-ahead from the moment libedit returned the line until the next
        // prompt (cle_gets): nothing typed meanwhile prints into the output or is lost.
        let result = await task.result
        running = nil
        switch result {
        case .success(let outcome):
            return outcome
        case .failure(let failure):
            if task.isCancelled || Self.isCancellation(failure) {
                context.console.writeError(context.theme.paint("cancelled", .warning) + "\n")
            } else {
                context.console.writeError(Self.errorLines(ErrorText.describe(failure), context: context))
            }
            return nil
        }
    }

    /// `error: MESSAGE` wrapped to the terminal's width while stderr is a terminal (the label
    /// painted, continuation lines under the message), ending in a newline.
    static func errorLines(_ message: String, context: CommandContext) -> String {
        let width = context.console.messageWidth(for: 2) ?? (context.terminal.stderrIsTTY ? context.terminal.width : nil)
        return MessageLayout.render("error: " + message, width: width, theme: context.theme, leadStyle: .error)
    }

    private static func isCancellation(_ error: any Error) -> Bool {
        error is CancellationError || (error as? CommandError) == .cancelled
    }

    private func prompt(continuing: Bool) -> String {
        if continuing { return PromptText.render([("…", .muted)], theme: context.theme) }
        var segments: [(String, Theme.Style)] = [("lyra", .prompt)]
        if let title = context.sessionTitle {
            let clean = TextSanitizer.singleLine(title)
            segments.append((" · " + DisplayWidth.truncate(clean, toColumns: 40), .muted))
        }
        if let chip = context.attachments.chip { segments.append((" " + chip, .muted)) }
        segments.append((" ›", .accent))
        return PromptText.render(segments, theme: context.theme)
    }

    // MARK: - FollowUpInput

    /// A line typed at `prompt`, or `nil` on Ctrl-D / Ctrl-C (what follows starts on a new line).
    public func nextLine(prompt: String) async -> String? {
        context.console.flush()
        if case .line(let text) = await editor.readLine(prompt: prompt) { return text }
        context.console.write("\n")
        return nil
    }

    /// A line typed at `prompt` without echo.
    public func nextSecret(prompt: String) async -> String? {
        context.console.flush()
        let console = context.console
        return await editor.readHiddenLine(prompt: prompt) { text in
            console.write(text)
            console.flush()
        }
    }
}
