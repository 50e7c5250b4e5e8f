// How a script prints chat replies (SPEC §15): the text (the default), `--json` (one compact object
// per reply) or `--jsonl` (events as they happen, one per line, flushed).

/// The form of a chat reply on a script's stdout.
public enum ReplyOutputFormat: String, Sendable, Equatable {
    /// The reply's text and one `\n`.
    case text
    /// One compact JSON object per reply: `ReplyRecord`.
    case json
    /// One JSON event per line: `text`/`reasoning` pieces, then `done` (a `ReplyRecord`) or `error`.
    case jsonl
}
