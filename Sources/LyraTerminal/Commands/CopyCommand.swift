// `/copy [N]`: the last assistant reply of the current session, or its Nth fenced code block, to
// the clipboard (OSC 52 on a terminal, plus wl-copy/xclip/xsel when installed). Says what it copied.
import Foundation
import LyraKit

/// Copies the last reply or one of its code blocks.
public struct CopyCommand: Command {
    public let name = "copy"
    public let summary = "copy the last reply, or its Nth code block, to the clipboard"
    public let usage = "/copy [N]"
    public let details = """
        Copies the last assistant reply of the current session; with N, only the text inside its
        Nth fenced code block (from 1). Uses OSC 52 when output is a terminal (most terminals and
        tmux with set-clipboard on accept it) and wl-copy, xclip or xsel when one is installed.
        """

    /// The command.
    public init() {}

    /// Copies and reports what was copied.
    /// - Throws: `CommandError` for a bad N, no reply, or no clipboard that worked.
    @MainActor
    public func run(_ arguments: CommandArguments, context: CommandContext) async throws -> CommandResult {
        let index = try Self.blockNumber(arguments)
        guard let reply = await context.services.chatService().session?.messages.last(where: { $0.role == .assistant && !$0.removed }) else {
            throw CommandError.failed("no reply to copy yet: /copy copies the last reply of this session")
        }
        // What is copied is what was shown: the one sanitiser, so a reply cannot end a shell's
        // bracketed paste (`ESC[201~`) or smuggle controls through the clipboard.
        let (text, description) = try Self.selection(of: TextSanitizer.sanitize(reply.content), block: index)
        let clipboard = Clipboard(environment: context.services.environment)
        let wroteToTerminal = context.terminal.stdoutIsTTY
        if wroteToTerminal {
            context.console.write(Clipboard.osc52(text))
            context.console.flush()
        }
        let toolStatus = await BlockingCall.run { clipboard.runTool(with: text) }
        let toolWorked = toolStatus == 0
        guard wroteToTerminal || toolWorked else {
            throw CommandError.failed(clipboard.tool == nil
                ? "no clipboard: output is not a terminal and none of wl-copy, xclip or xsel is installed"
                : "the clipboard tool \(clipboard.tool?.first ?? "") failed (status \(toolStatus ?? -1))")
        }
        context.console.writeMessage("copied " + description)
        if let status = toolStatus, status != 0 {
            context.hint("note: \(clipboard.tool?.first ?? "the clipboard tool") failed (status \(status)); sent through the terminal only")
        }
        return .proceed
    }

    /// N from the arguments (nil: the whole reply).
    private static func blockNumber(_ arguments: CommandArguments) throws -> Int? {
        guard arguments.block == nil, arguments.words.count <= 1 else { throw CommandError.usage("usage: /copy [N]") }
        guard let word = arguments.texts.first else { return nil }
        guard let number = Int(word), number >= 1 else {
            throw CommandError.usage("N is the number of a code block, from 1 (got \(TextSanitizer.sanitize(word)))")
        }
        return number
    }

    /// The text to copy and how to describe it.
    static func selection(of reply: String, block number: Int?) throws -> (String, String) {
        guard let number else { return (reply, "the last reply (\(reply.count) characters)") }
        let blocks = FencedCodeBlocks.extract(reply)
        guard number <= blocks.count else {
            throw CommandError.failed(blocks.isEmpty
                ? "the last reply has no code blocks"
                : "the last reply has \(blocks.count) code block\(blocks.count == 1 ? "" : "s"); there is no block \(number)")
        }
        let block = blocks[number - 1]
        let lines = "\(block.lineCount) line\(block.lineCount == 1 ? "" : "s")"
        let language = block.language.map { TextSanitizer.sanitize($0) + ", " } ?? ""
        return (block.text, "code block \(number) (\(language)\(lines))")
    }
}
