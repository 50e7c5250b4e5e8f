// Getting `/improve`'s text when it is not on the line: all of standard input for `-` (only when
// stdin is not the script itself), or a prompt in the REPL (one line, or a `"""` block).
import Foundation
import LyraKit

/// Why `/improve` could not get its text.
enum ImproveInputError: Error, Equatable, LocalizedError {
    /// No text on the line in a script.
    case missingText
    /// `-` while stdin is the script (or the REPL's terminal).
    case standardInputIsScript(interactive: Bool)
    /// `-` and standard input had nothing.
    case emptyStandardInput
    /// Standard input was not UTF-8.
    case invalidStandardInput
    /// Reading standard input failed.
    case unreadableStandardInput(String)

    var errorDescription: String? {
        switch self {
        case .missingText:
            return "missing text: /improve [MODE] TEXT, or end the line with \"\"\" to start a block"
        case .standardInputIsScript(interactive: true):
            return "'-' would read the terminal: type /improve with no text to be asked for it, or use a \"\"\" block"
        case .standardInputIsScript(interactive: false):
            return "'-' reads standard input, but standard input is this script: put the text in a \"\"\" block "
                + "(or run the script with -f FILE or -c)"
        case .emptyStandardInput:
            return "nothing to improve: standard input is empty"
        case .invalidStandardInput:
            return "standard input is not valid UTF-8 text"
        case .unreadableStandardInput(let reason):
            return "cannot read standard input: \(reason)"
        }
    }
}

extension ImproveCommand {
    /// The text `source` stands for.
    /// - Throws: `ImproveInputError`, or `CommandError.cancelled` when the prompt was abandoned.
    @MainActor
    static func text(for source: ImproveInvocation.TextSource, context: CommandContext) async throws -> String {
        switch source {
        case .given(let text):
            return text
        case .standardInput:
            if standardInputIsScript(action: context.services.options.action, mode: context.mode) {
                throw ImproveInputError.standardInputIsScript(interactive: context.isInteractive)
            }
            return try await readStandardInput()
        case .missing:
            guard context.isInteractive, let input = context.input else { throw ImproveInputError.missingText }
            return try await prompt(input, context: context)
        }
    }

    /// Whether standard input carries the lines being run (a script on stdin, `-f -`) or is the
    /// REPL's terminal; `-c` lines and `-f FILE` leave it free for data.
    static func standardInputIsScript(action: LaunchOptions.Action, mode: InteractionMode) -> Bool {
        guard mode == .script else { return true }
        switch action {
        case .lines: return false
        case .file(let path): return path == "-"
        default: return true
        }
    }

    /// All of standard input as UTF-8, without its final line breaks; read off the main actor.
    static func readStandardInput() async throws -> String {
        let data = try await Task.detached { () throws -> Data in
            do {
                return try FileHandle.standardInput.readToEnd() ?? Data()
            } catch {
                throw ImproveInputError.unreadableStandardInput(error.localizedDescription)
            }
        }.value
        guard var text = String(data: data, encoding: .utf8) else { throw ImproveInputError.invalidStandardInput }
        while let last = text.last, last == "\n" || last == "\r\n" || last == "\r" { text.removeLast() }
        guard text.contains(where: { !$0.isWhitespace }) else { throw ImproveInputError.emptyStandardInput }
        return text
    }

    /// Asks for the text: one line, or a `"""` block read by the same rules as the REPL's (InputAssembler).
    @MainActor
    private static func prompt(_ input: any FollowUpInput, context: CommandContext) async throws -> String {
        context.hint("Type the text, or \"\"\" on its own line to enter several lines.")
        let theme = context.theme
        var assembler = InputAssembler()
        var lineNumber = 0
        while true {
            let prompt = assembler.isInsideBlock
                ? PromptText.render([("…", .muted)], theme: theme) : PromptText.render([("text ›", .accent)], theme: theme)
            guard let line = await input.nextLine(prompt: prompt) else { throw CommandError.cancelled }
            lineNumber += 1
            guard let logical = assembler.feed(line, lineNumber: lineNumber) else { continue }
            guard let block = logical.block else { return logical.head }
            return logical.head.isEmpty ? block : logical.head + "\n" + block
        }
    }
}
