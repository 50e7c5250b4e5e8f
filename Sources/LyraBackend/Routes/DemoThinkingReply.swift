// The demo thinking model `lyra-think` (SPEC §11): reasoning, then an answer, sent in the wire form a
// test chooses (`think_form` in `/_test/config`): `reasoning_content`, `reasoning`, `<think>` tags in
// the content, `open` (only `</think>`: the template opened the block), or `split` (tags cut at odd
// bytes across events).

/// Composes the thinking model's reasoning and answer and the stream deltas that carry them.
enum DemoThinkingReply {
    /// The model id.
    static let modelID = "lyra-think"
    /// The wire forms, as `think_form` names them.
    static let forms = ["reasoning_content", "reasoning", "tags", "open", "split"]

    /// The reasoning for `request`.
    static func reasoning(for request: DemoChatRequest) -> String {
        let asked = request.lastUserText.map { "\"\(DemoChatReply.quote($0))\"" } ?? "nothing"
        return "The user asked \(asked). I should answer briefly and say that I am the demo thinking model."
    }

    /// The answer for `request`.
    static func answer(for request: DemoChatRequest) -> String {
        "This is the **demo thinking model**: it thought first, then answered. "
            + DemoChatReply.historySentence(request.messages.map(\.role))
    }

    /// The deltas of a streamed reply in `form`: `(member, text)` pairs, one event each; the
    /// reasoning padded to `reasoningWords` pieces when that is longer (`demo_reply_words`, benchmarks).
    static func deltas(for request: DemoChatRequest, form: String, reasoningWords: Int = 0) -> [(String, String)] {
        let thought = DemoChatReply.padded(DemoChatReply.pieces(of: reasoning(for: request)), toWords: reasoningWords)
        let said = DemoChatReply.pieces(of: answer(for: request))
        switch form {
        case "reasoning":
            return thought.map { ("reasoning", $0) } + said.map { ("content", $0) }
        case "tags":
            return [("content", "<think>\n")] + thought.map { ("content", $0) } + [("content", "\n</think>\n\n")]
                + said.map { ("content", $0) }
        case "open":
            return thought.map { ("content", $0) } + [("content", "</think>\n\n")] + said.map { ("content", $0) }
        case "split":
            let whole = "<think>\n" + reasoning(for: request) + "\n</think>\n\n" + answer(for: request)
            return cutAtOddPlaces(whole).map { ("content", $0) }
        default:
            return thought.map { ("reasoning_content", $0) } + said.map { ("content", $0) }
        }
    }

    /// The message of a whole (not streamed) reply in `form`.
    static func message(for request: DemoChatRequest, form: String) -> [(String, JSONValue)] {
        let thought = reasoning(for: request), said = answer(for: request)
        switch form {
        case "reasoning":
            return [("role", .string("assistant")), ("content", .string(said)), ("reasoning", .string(thought))]
        case "tags", "split":
            return [("role", .string("assistant")), ("content", .string("<think>\n\(thought)\n</think>\n\n\(said)"))]
        case "open":
            return [("role", .string("assistant")), ("content", .string("\(thought)</think>\n\n\(said)"))]
        default:
            return [("role", .string("assistant")), ("content", .string(said)), ("reasoning_content", .string(thought))]
        }
    }

    /// `text` in pieces of 1 to 7 characters, so that every tag is cut somewhere.
    private static func cutAtOddPlaces(_ text: String) -> [String] {
        var pieces: [String] = []
        var rest = Substring(text)
        var length = 3
        while !rest.isEmpty {
            pieces.append(String(rest.prefix(length)))
            rest = rest.dropFirst(length)
            length = length % 7 + 1
        }
        return pieces
    }
}
