// Script mode (SPEC §2): lines from stdin, `-f` or `-c`, no prompt or colour, errors on stderr as
// `lyra: line N: MESSAGE`, `--echo`, `--bail`, and the exit statuses of SPEC §1. Lines are read off
// the main actor (ScriptLineReader), so Ctrl-C, or stdout's reader going away, cancels the running line.
import Foundation
import LyraKit

/// Runs a script to its end and reports how it went.
@MainActor
public final class ScriptRunner: FollowUpInput {
    private let reader: ScriptLineReader
    private let context: CommandContext
    private let interpreter: LineInterpreter
    private let bail: Bool
    private let echo: Bool
    private var lineNumber = 0
    /// Whether a line was refused while reading (too long): the script goes on, the status says so.
    private var refusedLine = false
    /// The task running the lines, which Ctrl-C cancels while a line runs.
    private var lines: Task<ExitStatus, Never>?
    /// Whether a line is running (Ctrl-C between lines, while reading, ends at once).
    private var lineRunning = false
    private var interrupted = false
    /// Set when stdout's reader went away while a line ran: the line was cancelled for nobody reads.
    private var outputGone = false

    /// A runner for `source` in `context`.
    public init(source: ScriptSource, context: CommandContext, interpreter: LineInterpreter, bail: Bool, echo: Bool) {
        self.reader = ScriptLineReader(source: source)
        self.context = context
        self.interpreter = interpreter
        self.bail = bail
        self.echo = echo
    }

    /// Runs every line; returns the script's exit status.
    public func run() async -> ExitStatus {
        context.input = self
        // One task for all the lines, which Ctrl-C cancels.
        let lines = Task { @MainActor in await self.runLines() }
        self.lines = lines
        return await lines.value
    }

    private func runLines() async -> ExitStatus {
        var status = ExitStatus.success
        var assembler = InputAssembler()
        lines: while let text = await readLine() {
            if echo && !isSkippable(text, inBlock: assembler.isInsideBlock) { context.console.writeLine("> " + text) }
            guard let line = assembler.feed(text, lineNumber: lineNumber) else { continue }
            // Each line's output is flushed before the next line is read, so a program driving
            // lyra through pipes sees every answer as soon as it is complete.
            defer { context.console.flush() }
            if outputClosed() { return .outputClosed }
            lineRunning = true
            let result: Result<LineOutcome, any Error>
            do {
                result = .success(try await interpreter.run(line))
            } catch {
                result = .failure(error)
            }
            lineRunning = false
            if outputGone { return .outputClosed }
            if interrupted { break lines }
            switch result {
            case .success(let outcome):
                if outcome == .quit { break lines }
            case .failure(let error):
                report(error, line: line.lineNumber)
                if bail { context.console.flush(); return .bailed }
                status = status.combined(with: ExitStatus.forFailure(error))
            }
        }
        if interrupted {
            context.console.flush()
            return .interrupted
        }
        if let open = assembler.openBlockLine {
            report(CommandError.usage("unterminated \"\"\" block"), line: open)
            status = bail ? .bailed : status.combined(with: .lineFailed)
        }
        context.console.flush()
        // Output written for nobody (the reader left during the last line) ends as a shell expects.
        if FileDescriptorSink.sawBrokenPipe(STDOUT_FILENO) { return .outputClosed }
        return refusedLine ? status.combined(with: .lineFailed) : status
    }

    /// Stdout's reader went away (a write failed with `EPIPE`): cancels the running line, and so its
    /// transfer, at once; the script then ends with status 141. Between lines the next line's check
    /// ends it.
    public func stopForClosedOutput() {
        guard lineRunning, let lines, !outputGone, !interrupted else { return }
        outputGone = true
        lines.cancel()
    }

    /// Ctrl-C: cancels the running line (the script then ends with 130 once it has stopped), or ends
    /// at once while waiting for input. A line that ignores cancellation for 2 seconds, or a second
    /// Ctrl-C, ends the process anyway.
    public func interrupt() {
        guard lineRunning, let lines, !interrupted else { Self.exitInterrupted(context) }
        interrupted = true
        lines.cancel()
        let context = context
        Task { @MainActor in
            try? await Task.sleep(for: .seconds(2))
            Self.exitInterrupted(context)
        }
    }

    /// Removes partial downloads and staged uploads, flushes, and exits 130.
    private static func exitInterrupted(_ context: CommandContext) -> Never {
        ExitCleanup.removeAll()
        context.console.flush()
        ExitStatus.interrupted.exitAtOnce()
    }

    /// The next line; a line over 16 MiB is reported (`lyra: line N: longer than 16 MiB`) and
    /// skipped, so the script goes on with the line after it.
    private func readLine() async -> String? {
        while let line = await reader.next() {
            lineNumber += 1
            guard case .text(let text) = line else {
                context.console.writeErrorMessage("lyra: line \(lineNumber): longer than 16 MiB: skipped")
                refusedLine = true
                continue
            }
            return text
        }
        return nil
    }

    /// Whether stdout's reader has gone: what was written is flushed first so a pending EPIPE shows.
    private func outputClosed() -> Bool {
        context.console.flush()
        return FileDescriptorSink.readerClosed(STDOUT_FILENO)
    }

    private func isSkippable(_ text: String, inBlock: Bool) -> Bool {
        !inBlock && (text.trimmingCharacters(in: .whitespaces).isEmpty || text.hasPrefix("#"))
    }

    private func report(_ error: any Error, line: Int) {
        context.console.writeErrorMessage("lyra: line \(line): \(ErrorText.describe(error))")
    }

    // MARK: - FollowUpInput

    /// The next script line (it is consumed, not run).
    public func nextLine(prompt: String) async -> String? { await readLine() }

    /// The next script line (scripts have no echo to turn off).
    public func nextSecret(prompt: String) async -> String? { await readLine() }
}
