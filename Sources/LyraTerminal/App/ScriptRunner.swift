// Script mode (SPEC §2): lines from stdin, `-f` or `-c`, no prompt or colour, errors on stderr as
// `lyra: line N: MESSAGE`, `--echo`, `--bail`, and the exit statuses of SPEC §1.
import Foundation

/// Runs a script to its end and reports how it went.
@MainActor
public final class ScriptRunner: FollowUpInput {
    private let source: ScriptSource
    private let context: CommandContext
    private let interpreter: LineInterpreter
    private let bail: Bool
    private let echo: Bool
    private var lineNumber = 0
    /// Whether a line was refused while reading (too long): the script goes on, the status says so.
    private var refusedLine = false

    /// A runner for `source` in `context`.
    public init(source: ScriptSource, context: CommandContext, interpreter: LineInterpreter, bail: Bool, echo: Bool) {
        self.source = source
        self.context = context
        self.interpreter = interpreter
        self.bail = bail
        self.echo = echo
    }

    /// Runs every line; returns the script's exit status.
    public func run() async -> ExitStatus {
        context.input = self
        var status = ExitStatus.success
        var assembler = InputAssembler()
        while let text = readLine() {
            if echo && !isSkippable(text, inBlock: assembler.isInsideBlock) { context.console.writeLine("> " + text) }
            guard let line = assembler.feed(text, lineNumber: lineNumber) else { continue }
            // Each line's output is flushed before the next line is read, so a program driving
            // lyra through pipes sees every answer as soon as it is complete.
            defer { context.console.flush() }
            if outputClosed() { return .outputClosed }
            do {
                if try await interpreter.run(line) == .quit { break }
            } catch {
                report(error, line: line.lineNumber)
                if bail { context.console.flush(); return .bailed }
                status = status.combined(with: ExitStatus.forFailure(error))
            }
        }
        if let open = assembler.openBlockLine {
            report(CommandError.usage("unterminated \"\"\" block"), line: open)
            status = bail ? .bailed : status.combined(with: .lineFailed)
        }
        context.console.flush()
        return refusedLine ? status.combined(with: .lineFailed) : status
    }

    /// The next line; a line over 16 MiB is reported (`lyra: line N: longer than 16 MiB`) and
    /// skipped, so the script goes on with the line after it.
    private func readLine() -> String? {
        while let line = source.next() {
            lineNumber += 1
            guard case .text(let text) = line else {
                context.console.writeError("lyra: line \(lineNumber): longer than 16 MiB: skipped\n")
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
        context.console.writeError("lyra: line \(line): \(ErrorText.describe(error))\n")
    }

    // MARK: - FollowUpInput

    /// The next script line (it is consumed, not run).
    public func nextLine(prompt: String) async -> String? { readLine() }

    /// The next script line (scripts have no echo to turn off).
    public func nextSecret(prompt: String) async -> String? { readLine() }

    /// Everything left in the script's input (for `/improve -` when stdin is the script itself).
    public func remainingInput() -> String { source.readRemaining() }
}
