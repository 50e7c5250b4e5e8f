// Finding the fenced code blocks of a reply for `/copy N`, and what `/copy` says it copied.
import Testing
@testable import LyraTerminal

@Suite struct FencedCodeBlocksTests {
    private let reply = """
        Here is the fix:

        ```python
        def add(a, b):
            return a + b
        ```

        And the shell side:

        ~~~~ bash extra words
        echo "```"
        ~~~~

            ```
            indented four spaces: not a fence
            ```
        ````
        a ``` inside a longer fence
        ````
        """

    @Test func findsEachBlockWithItsLanguageAndOnlyTheTextInside() {
        let blocks = FencedCodeBlocks.extract(reply)
        #expect(blocks == [
            FencedCodeBlock(language: "python", text: "def add(a, b):\n    return a + b"),
            FencedCodeBlock(language: "bash", text: "echo \"```\""),
            FencedCodeBlock(language: nil, text: "a ``` inside a longer fence"),
        ])
    }

    @Test func anUnclosedFenceRunsToTheEnd() {
        #expect(FencedCodeBlocks.extract("text\n```js\nlet x = 1\nlet y = 2") ==
                [FencedCodeBlock(language: "js", text: "let x = 1\nlet y = 2")])
    }

    @Test func noFencesNoBlocks() {
        #expect(FencedCodeBlocks.extract("just `inline` code and `` two ``").isEmpty)
    }

    @Test func copyDescribesTheWholeReplyOrTheBlock() throws {
        let (whole, wholeText) = try CopyCommand.selection(of: "héllo 👋", block: nil)
        #expect(whole == "héllo 👋")
        #expect(wholeText == "the last reply (7 characters)")
        let (code, codeText) = try CopyCommand.selection(of: reply, block: 1)
        #expect(code == "def add(a, b):\n    return a + b")
        #expect(codeText == "code block 1 (python, 2 lines)")
        let (_, plainText) = try CopyCommand.selection(of: reply, block: 3)
        #expect(plainText == "code block 3 (1 line)")
    }

    @Test func aMissingBlockIsAClearError() {
        #expect(throws: CommandError.failed("the last reply has 3 code blocks; there is no block 4")) {
            try CopyCommand.selection(of: reply, block: 4)
        }
        #expect(throws: CommandError.failed("the last reply has no code blocks")) {
            try CopyCommand.selection(of: "plain", block: 1)
        }
    }
}
