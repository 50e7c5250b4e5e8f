// The token budget (SPEC §12): system prompt, summaries and the new message always go; earlier
// messages newest first while they fit, counted by learned `tokens` or 1 token per 4 bytes.
import Foundation
import Testing
@testable import LyraKit

@Suite struct ContextBudgetTests {
    private func message(_ role: ChatRole, _ content: String, tokens: Int? = nil) -> ChatMessage {
        var message = ChatMessage(role: role, content: content, createdAt: Date(timeIntervalSince1970: 0))
        message.tokens = tokens
        return message
    }

    /// An image the server has not counted costs the estimate, in history and in the new message
    /// (SPEC §13); a report is compared with the text alone.
    @Test func imagesCountByTheirEstimate() {
        var pictured = message(.user, "look")
        pictured.attachments = [MessageAttachment(sha256: String(repeating: "a", count: 64), mediaType: "image/png",
                                                  bytes: 10, width: 1, height: 1, name: "a.png")]
        let history: ArraySlice = [pictured, message(.assistant, "seen", tokens: 1)]
        #expect(TokenCount.of(pictured) == 1 + TokenCount.imageEstimate)
        let tight = ContextBudget.apply(limit: TokenCount.imageEstimate, system: nil, history: history, message: "next")
        #expect(tight.sent(from: history).map(\.content) == ["seen"])
        let all = ContextBudget.apply(limit: nil, system: nil, history: history, message: "next", images: 1)
        #expect(all.sentTokens == 1 + 1 + 1 + 2 * TokenCount.imageEstimate)
        #expect(all.textTokens == 3)
        let withImage = ContextBudget.apply(limit: TokenCount.imageEstimate, system: nil, history: history,
                                            message: "next", images: 1)
        #expect(withImage.sent(from: history).isEmpty)
    }

    @Test func leavesOutExactlyTheOldestMessagesThatDoNotFit() {
        // 10 messages of 10 tokens each (learned), a 40-byte system prompt (10) and a 20-byte message (5).
        let history = (0..<10).map { message($0 % 2 == 0 ? .user : .assistant, "m\($0)", tokens: 10) }[...]
        let budget = ContextBudget.apply(limit: 50, system: String(repeating: "s", count: 40), history: history,
                                         message: String(repeating: "n", count: 20))
        #expect(budget.sent(from: history).map(\.content) == ["m7", "m8", "m9"])
        #expect(budget.sentTokens == 45)
        #expect(budget.omittedMessages == 7)
        #expect(budget.notice == "sent the last 4 of 11 messages (45 tokens); /compact keeps the rest as a summary")
    }

    @Test func withoutALimitOrWhenAllFitNothingIsLeftOutAndNothingIsSaid() {
        let history: ArraySlice = [message(.user, "a"), message(.assistant, "b")]
        let all = ContextBudget.apply(limit: nil, system: nil, history: history, message: "c")
        #expect(all.sent(from: history) == history)
        #expect(all.notice == nil)
        let roomy = ContextBudget.apply(limit: 1000, system: "s", history: history, message: "c")
        #expect(roomy.sent(from: history) == history && roomy.omittedMessages == 0)
    }

    @Test func systemPromptSummaryAndNewMessageGoEvenWhenTheyAloneExceedTheLimit() {
        let summary = ContextSummary.systemMessage(from: message(.summary, "what happened", tokens: 30))
        let history: ArraySlice = [summary, message(.user, "old", tokens: 5)]
        let budget = ContextBudget.apply(limit: 10, system: String(repeating: "s", count: 400), history: history,
                                         message: String(repeating: "n", count: 400))
        #expect(budget.sent(from: history) == [summary])
        #expect(budget.sentTokens == 100 + 100 + 30)
        #expect(budget.notice?.hasPrefix("sent the last 1 of 2 messages (230 tokens)") == true)
    }

    @Test func unknownCountsAreEstimatedAtFourBytesAToken() {
        #expect(TokenCount.estimate("") == 0)
        #expect(TokenCount.estimate("abcd") == 1)
        #expect(TokenCount.estimate("abcde") == 2)
        #expect(TokenCount.estimate("жжжж") == 2)   // 8 bytes
        #expect(TokenCount.of(message(.user, "abcdefgh")) == 2)
        #expect(TokenCount.of(message(.user, "abcdefgh", tokens: 7)) == 7)
    }

    @Test func shortFormsUseOneDecimalBelowTenThousand() {
        #expect(TokenCount.short(812) == "812")
        #expect(TokenCount.short(7_912) == "7.9k")
        #expect(TokenCount.short(4_000) == "4k")
        #expect(TokenCount.short(27_100) == "27k")
        #expect(TokenCount.short(32_768) == "32k")
    }

    @Test func aFiftyThousandMessageSessionBudgetsOnlyItsTail() {
        let messages = (0..<50_000).map { message($0 % 2 == 0 ? .user : .assistant, "message number \($0)") }
        let session = ChatSession(title: "big", createdAt: Date(timeIntervalSince1970: 0), messages: messages)
        let history = ChatHistory.messages(before: "none", in: session, limit: 0)
        let budget = ContextBudget.apply(limit: 1000, system: nil, history: history, message: "next")
        #expect(budget.sent(from: history).last?.content == "message number 49999")
        #expect(budget.sentTokens <= 1000)
        #expect(budget.availableMessages == 50_000)
        #expect(budget.sentMessages > 100 && budget.sentMessages < 400)
    }

    @Test func theHistoryIsTheMessagesBeforeThePromptWithoutAFailedOneWhereverItIs() {
        var failed = message(.user, "lost")
        failed.failed = true
        let prompt = message(.user, "now")
        let sent = [message(.user, "one"), message(.assistant, "one back"), message(.user, "two"),
                    message(.assistant, "two back")]
        for at in 0...sent.count {
            var messages = sent
            messages.insert(failed, at: at)
            let session = ChatSession(title: "t", createdAt: Date(timeIntervalSince1970: 0),
                                      messages: messages + [prompt, message(.assistant, "after")])
            #expect(ChatHistory.messages(before: prompt.id, in: session, limit: 0).map(\.content) == sent.map(\.content))
            #expect(ChatHistory.messages(before: prompt.id, in: session, limit: 3).map(\.content) == ["one back", "two", "two back"])
        }
        let whole = ChatSession(title: "t", createdAt: Date(timeIntervalSince1970: 0), messages: sent + [prompt])
        #expect(ChatHistory.messages(before: prompt.id, in: whole, limit: 0).map(\.content) == sent.map(\.content))
        #expect(ChatHistory.messages(before: prompt.id, in: whole, limit: 2).map(\.content) == ["two", "two back"])
    }

    @Test func compactedMessagesAreNotSentAndTheSummaryGoesFirstAsASystemMessage() {
        var old = message(.user, "old question")
        old.compacted = true
        let summary = message(.summary, "they talked about X")
        let kept = message(.user, "recent")
        let session = ChatSession(title: "t", createdAt: Date(timeIntervalSince1970: 0), messages: [old, summary, kept])
        let history = ChatHistory.messages(before: "none", in: session, limit: 1)
        #expect(history.map(\.role.rawValue) == ["system", "user"])
        #expect(history.first?.content == ContextSummary.sentPrefix + "they talked about X")
        #expect(history.last?.content == "recent")
    }
}

@Suite struct SilentTruncationTests {
    @Test func warnsWhenTheServerReadUnderHalfOrExactlyASmallerWindow() {
        #expect(SilentTruncation.isTruncated(reported: 2048, sent: 9000, window: nil))
        #expect(SilentTruncation.isTruncated(reported: 4096, sent: 7000, window: 4096))
        #expect(!SilentTruncation.isTruncated(reported: 4096, sent: 7000, window: nil))
        #expect(!SilentTruncation.isTruncated(reported: 5000, sent: 9000, window: 8192))
        #expect(!SilentTruncation.isTruncated(reported: 30, sent: 90, window: nil))   // too small to tell
        #expect(!SilentTruncation.isTruncated(reported: 900, sent: 700, window: nil))
    }

    @Test func theWarningNamesTheFixForTheServerKind() {
        let ollama = SilentTruncation.warning(reported: 2048, sent: 9300, serverKind: .ollama)
        #expect(ollama.hasPrefix("the server read only 2048 of about 9.3k tokens sent"))
        #expect(ollama.contains("OLLAMA_CONTEXT_LENGTH") && ollama.contains("num_ctx"))
        #expect(SilentTruncation.warning(reported: 1, sent: 900, serverKind: .llamaCpp).contains("--ctx-size"))
        #expect(SilentTruncation.warning(reported: 1, sent: 900, serverKind: nil).contains("contextTokens"))
    }

    @Test func learnedCountsComeFromUsageAndNotFromACutPrompt() {
        let usage = TokenUsage(promptTokens: 120, completionTokens: 40)
        // 100 tokens of the rest of the request were counted; the message's estimate is 5 (20 bytes).
        #expect(LearnedTokens.prompt(String(repeating: "x", count: 20), usage: usage, sent: 105, window: nil) == 20)
        #expect(LearnedTokens.prompt("x", usage: TokenUsage(promptTokens: 40), sent: 1000, window: nil) == nil)
        #expect(LearnedTokens.prompt("x", usage: nil, sent: 10, window: nil) == nil)
        #expect(LearnedTokens.reply(usage: usage, hasReasoning: false) == 40)
        #expect(LearnedTokens.reply(usage: usage, hasReasoning: true) == nil)
        #expect(LearnedTokens.reply(usage: TokenUsage(completionTokens: 40, reasoningTokens: 30), hasReasoning: true) == 10)
    }
}

@Suite struct ContextOverflowTests {
    @Test func aRefusalIsBudgetedAgainByWhatTheServerCounted() {
        let llama = "request (666 tokens) exceeds the available context size (512 tokens), try increasing it"
        #expect(ContextOverflow.tokenCounts(in: llama) == [666, 512])
        // Lyra counted 450 where the server counted 666: 90 % of 512, scaled by 450/666.
        #expect(ContextOverflow.retryLimit(sent: 450, message: llama, window: nil) == 311)
        let openAI = "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens."
        #expect(ContextOverflow.retryLimit(sent: 8000, message: openAI, window: nil) == 6553)
        #expect(ContextOverflow.retryLimit(sent: 1000, message: "context too long", window: nil) == 500)
        #expect(ContextOverflow.retryLimit(sent: 1, message: "context too long", window: nil) == nil)
    }
}
