// The code highlighter's table and scanner: keywords, strings and comments per language; unknown
// languages get the plain code look; block comments carry over lines.
import Foundation
import Testing
@testable import LyraTerminal

@Suite struct CodeHighlighterTests {
    static func looks(_ line: String, _ language: String) -> [String: MarkdownStyle] {
        var highlighter = CodeHighlighter(language: CodeLanguage.named(language))
        var result: [String: MarkdownStyle] = [:]
        for run in highlighter.highlight(line) { result[run.text.trimmingCharacters(in: .whitespaces)] = run.style }
        return result
    }

    @Test func swiftKeywordsStringsAndComments() {
        let looks = Self.looks(#"let x = "a \" b" // note"#, "swift")
        #expect(looks["let"] == [.code, .keyword])
        #expect(looks[#""a \" b""#] == [.code, .string])
        #expect(looks["// note"] == [.code, .comment])
    }

    @Test(arguments: [
        ("python", "def", "# c"), ("py", "return", "# c"), ("js", "const", "// c"), ("TypeScript", "interface", "// c"),
        ("go", "func", "// c"), ("rust", "fn", "// c"), ("c", "int", "// c"), ("c++", "template", "// c"),
        ("bash", "then", "# c"), ("sh", "fi", "# c"),
    ])
    func eachLanguageKnowsItsKeywordsAndComments(language: String, keyword: String, comment: String) {
        let looks = Self.looks("\(keyword) value \(comment)", language)
        #expect(looks[keyword] == [.code, .keyword])
        #expect(looks["value"] == .code)
        #expect(looks[comment] == [.code, .comment])
    }

    @Test func jsonLiteralsAndUnknownLanguages() {
        let looks = Self.looks(#"{"k": true, "n": null}"#, "json")
        #expect(looks[#""k""#] == [.code, .string] && looks["true"] == [.code, .keyword] && looks["null"] == [.code, .keyword])
        #expect(CodeLanguage.named("brainfuck") == nil)
        var plain = CodeHighlighter(language: nil)
        #expect(plain.highlight("let x = 1 // y") == [StyledRun("let x = 1 // y", .code)])
    }

    @Test func shellHashInsideAWordIsNotAComment() {
        let looks = Self.looks("echo $# items # count", "sh")
        #expect(looks["# count"] == [.code, .comment])
        #expect(looks["echo"] == [.code, .keyword])
    }

    @Test func blockCommentsSpanLines() {
        var highlighter = CodeHighlighter(language: CodeLanguage.named("c"))
        #expect(highlighter.highlight("int a; /* start") .last == StyledRun("/* start", [.code, .comment]))
        #expect(highlighter.highlight("middle") == [StyledRun("middle", [.code, .comment])])
        #expect(highlighter.highlight("end */ int") == [StyledRun("end */", [.code, .comment]), StyledRun(" ", .code), StyledRun("int", [.code, .keyword])])
        #expect(!highlighter.inBlockComment)
    }
}
