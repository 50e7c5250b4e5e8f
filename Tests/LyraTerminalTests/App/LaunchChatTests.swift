// Which runs load libcurl at launch (issue 17, one-shot latency): a prompt or `-c` lines that start
// with a chat message do; commands, comments, blocks, blank lines and other actions do not.
import Testing
@testable import LyraTerminal

@Suite struct LaunchChatTests {
    @Test func aPromptOrAFirstChatLineStartsWithChat() {
        #expect(LaunchOptions.Action.prompt("hello").startsWithChat)
        #expect(LaunchOptions.Action.lines(["hello", "/quit"]).startsWithChat)
        #expect(LaunchOptions.Action.lines(["  what is 2+2?"]).startsWithChat)
    }

    @Test func commandsCommentsBlocksAndOtherActionsDoNot() {
        #expect(!LaunchOptions.Action.lines(["/help"]).startsWithChat)
        #expect(!LaunchOptions.Action.lines([" /sessions --json", "hello"]).startsWithChat)
        #expect(!LaunchOptions.Action.lines(["# a comment"]).startsWithChat)
        #expect(!LaunchOptions.Action.lines(["\"\"\""]).startsWithChat)
        #expect(!LaunchOptions.Action.lines(["", "hello"]).startsWithChat)
        #expect(!LaunchOptions.Action.lines([]).startsWithChat)
        #expect(!LaunchOptions.Action.standard.startsWithChat)
        #expect(!LaunchOptions.Action.file("script.lyra").startsWithChat)
        #expect(!LaunchOptions.Action.version.startsWithChat)
    }
}
