// The reasoning parser of SPEC §11: each wire form, tags split at every byte, a lone `</think>`,
// reasoning and content mixed, and a fuzz check that random splits give what the whole gives.
import LyraTestSupport
import Testing
@testable import LyraKit

@Suite struct ReasoningSplitterTests {
    /// Feeds `pieces` as content and returns the final reasoning and content.
    private static func split(_ pieces: [String], startsInside: Bool = false) -> (reasoning: String, content: String) {
        var splitter = ReasoningSplitter(startsInside: startsInside)
        for piece in pieces { _ = splitter.feed(content: piece) }
        _ = splitter.finish()
        return (splitter.reasoning, splitter.content)
    }

    /// Every way of cutting `text` in two, and one piece per character.
    private static func splits(of text: String) -> [[String]] {
        let characters = Array(text)
        var result = (0...characters.count).map { [String(characters[..<$0]), String(characters[$0...])] }
        result.append(characters.map { String($0) })
        return result
    }

    private static let fixtures: [(String, String, String)] = [
        ("<think>\nLet me think about this carefully.\n</think>\n\nThe answer is forty-two.",
         "Let me think about this carefully.\n", "The answer is forty-two."),
        ("  <thinking>plan</thinking>Done.", "plan", "Done."),
        ("Let me think.\n</think>\n\nThe answer.", "Let me think.\n", "The answer."),
        ("No tags here, <think> in the middle stays.", "", "No tags here, <think> in the middle stays."),
        ("<b>bold</b> answer", "", "<b>bold</b> answer"),
        ("<think></think>Only answer", "", "Only answer"),
        ("<thinking>open forever", "open forever", ""),
    ]

    @Test func eachFormSplitsTheSameWhereverThePiecesAreCut() {
        for (text, reasoning, content) in Self.fixtures {
            for pieces in Self.splits(of: text) {
                let result = Self.split(pieces)
                #expect(result.reasoning == reasoning && result.content == content, "\(pieces)")
            }
        }
    }

    @Test func reasoningFieldsThenContent() {
        var splitter = ReasoningSplitter()
        var pieces = splitter.feed(reasoning: "Let")
        pieces += splitter.feed(reasoning: " me")
        pieces += splitter.feed(content: "The")
        pieces += splitter.feed(content: " answer.")
        pieces += splitter.finish()
        #expect(pieces == [.reasoning("Let"), .reasoning(" me"), .content("The"), .content(" answer.")])
        #expect(splitter.reasoning == "Let me" && splitter.content == "The answer.")
    }

    @Test func reasoningAfterTheAnswerBeganIsAnswer() {
        var splitter = ReasoningSplitter()
        _ = splitter.feed(content: "Answer")
        #expect(splitter.feed(reasoning: " more") == [.content(" more")])
        _ = splitter.finish()
        #expect(splitter.reasoning.isEmpty && splitter.content == "Answer more")
    }

    @Test func thinkingTagsInContentAfterAReasoningFieldAreStillTakenOut() {
        // llama.cpp with enable_thinking false: the whole block arrives in content.
        var splitter = ReasoningSplitter()
        _ = splitter.feed(content: "<think>\n\n</think>\n\nHello")
        _ = splitter.finish()
        #expect(splitter.content == "Hello")
    }

    @Test func aLoneCloseReclassifiesWhatCameBefore() {
        var splitter = ReasoningSplitter()
        var pieces = splitter.feed(content: "Let me")
        pieces += splitter.feed(content: " think</th")
        pieces += splitter.feed(content: "ink>\n\nAnswer")
        pieces += splitter.finish()
        #expect(pieces == [.content("Let me"), .content(" think"), .reclassified, .content("Answer")])
        #expect(splitter.reasoning == "Let me think" && splitter.content == "Answer")
        #expect(splitter.sawLoneClose)
    }

    @Test func aModelKnownToThinkOpenHoldsItsContentAsReasoning() {
        #expect(Self.split(["Let me think", "</think>", "\nAnswer"], startsInside: true) == ("Let me think", "Answer"))
        // Never closed: it was the answer after all.
        var splitter = ReasoningSplitter(startsInside: true)
        _ = splitter.feed(content: "Plain answer")
        #expect(splitter.finish() == [.reclassified])
        #expect(splitter.reasoning.isEmpty && splitter.content == "Plain answer")
    }

    @Test func aModelKnownToThinkOpenKeepsFieldReasoningApartWhenItsBlockNeverCloses() {
        var splitter = ReasoningSplitter(startsInside: true)
        _ = splitter.feed(reasoning: "from the field")
        _ = splitter.feed(content: "The answer.")
        _ = splitter.finish()
        #expect(splitter.reasoning == "from the field" && splitter.content == "The answer.")
    }

    @Test func randomSplitsGiveWhatTheWholeGives() {
        let words = ["<think>", "</think>", "<thinking>", "</thinking>", "<", ">", "/", "think", " ", "\n",
                     "answer", "é", "🙂", "<b>", "x"]
        let failure = FuzzBudget.run(seed: FuzzBudget.seed(for: "reasoning"), count: FuzzBudget.cases()) { generator in
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in generator.pick(words) }.joined()
            let inside = generator.chance(30)
            let whole = Self.split([text], startsInside: inside)
            var pieces: [String] = []
            var rest = Substring(text)
            while !rest.isEmpty {
                let cut = Int.random(in: 1...max(1, rest.count), using: &generator)
                pieces.append(String(rest.prefix(cut)))
                rest = rest.dropFirst(cut)
            }
            let parts = Self.split(pieces, startsInside: inside)
            if parts != whole { Issue.record("\(pieces.debugDescription): \(parts) vs \(whole)") }
            return parts == whole
        }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }
}
