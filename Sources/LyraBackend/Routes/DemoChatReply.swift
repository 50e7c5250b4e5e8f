// The demo model's canned answer: it says it comes from the demo backend, quotes the start of the
// last user message and counts the messages that arrived (and whether a system prompt came).

/// Composes the demo model's reply and splits it into the words it is streamed as.
enum DemoChatReply {
    /// The most characters of the user's message the reply quotes.
    static let quoteLength = 60
    /// The longest reply `demo_reply_words` may ask for.
    static let maxWords = 1_000_000

    /// The whole reply to `request`; a question that mentions Markdown also gets a short sample of
    /// what a terminal renders (a heading, lists, code blocks, one in a quote, a table).
    static func text(for request: DemoChatRequest) -> String {
        let asked = request.lastUserText.map { "You asked: \"\(quote($0))\"." } ?? "No user message arrived."
        let reply = "This is a **canned** reply from Lyra's demo backend, not a real model. \(asked) "
            + "\(historySentence(request.messages.map(\.role))) Pick a real model with /model for real answers."
        guard request.lastUserText?.lowercased().contains("markdown") == true else { return reply }
        return reply + markdownSample
    }

    /// Appended to a reply about Markdown.
    static let markdownSample = """


        ## What a reply can hold
        - **bold**, *italic* and `inline code`
        - a [link](https://example.com)

        1. **Install** it
           - from source
           - or a release
        2. Ask, and **keep the
           bold across lines**

        ```swift
        let greeting = "Hello, Lyra"
        print(greeting) // streamed, then rendered
        ```

        > A quoted command:
        > ```sh
        > lyra --model openai hello
        > ```

        | plan | price |
        |---|---:|
        | weekly | 4.99 |
        | 年間プラン | 49.99 |
        """

    /// The pieces the reply streams as: the first word, then each further word with its leading space.
    static func pieces(of text: String) -> [String] {
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        return words.enumerated().map { index, word in index == 0 ? String(word) : " " + word }
    }

    /// `pieces` followed by " word2", " word3", … up to `count` pieces in all (unchanged when already that long).
    static func padded(_ pieces: [String], toWords count: Int) -> [String] {
        guard count > pieces.count else { return pieces }
        return pieces + (pieces.count + 1...count).map { " word\($0)" }
    }

    /// The `usage` object: the prompt counted as the words of every message (plus one per message),
    /// the completion as the number of pieces; the prompt reported as at most `promptCap` tokens when
    /// that is set (a server that silently cut the conversation).
    static func usage(_ request: DemoChatRequest, completionTokens: Int, promptCap: Int? = nil) -> JSONValue {
        let counted = promptTokens(request)
        let prompt = promptCap.map { min(counted, $0) } ?? counted
        return .object([
            ("prompt_tokens", .int(prompt)),
            ("completion_tokens", .int(completionTokens)),
            ("total_tokens", .int(prompt + completionTokens)),
        ])
    }

    /// The demo's prompt token count: the words of every message, plus one per message.
    static func promptTokens(_ request: DemoChatRequest) -> Int {
        request.messages.reduce(0) { $0 + $1.content.split(whereSeparator: \.isWhitespace).count + 1 }
    }

    /// "It arrived with 4 messages: a system prompt, 2 earlier messages and yours."
    static func historySentence(_ roles: [String]) -> String {
        let systemCount = roles.filter { $0 == "system" || $0 == "developer" }.count
        let lastIsUser = roles.last == "user"
        let earlier = roles.count - systemCount - (lastIsUser ? 1 : 0)
        var parts: [String] = []
        if systemCount == 1 { parts.append("a system prompt") }
        if systemCount > 1 { parts.append("\(systemCount) system prompts") }
        if earlier > 0 || !lastIsUser { parts.append("\(earlier) earlier \(earlier == 1 ? "message" : "messages")") }
        if lastIsUser { parts.append("yours") }
        let list = parts.count > 1 ? parts.dropLast().joined(separator: ", ") + " and " + (parts.last ?? "") : parts.joined()
        let noun = roles.count == 1 ? "message" : "messages"
        return "It arrived with \(roles.count) \(noun): \(list)."
    }

    /// The start of `text` on one line: whitespace runs become one space, at most `quoteLength` characters.
    static func quote(_ text: String) -> String {
        let oneLine = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard oneLine.count > quoteLength else { return oneLine }
        return String(oneLine.prefix(quoteLength)).trimmingWhitespaceAndNewlines + "…"
    }
}
