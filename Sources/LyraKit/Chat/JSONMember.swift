// A member of a session file that Lyra does not know, kept as its JSON text so that rewriting the
// file keeps it as it was (SPEC §8: members Lyra does not know are kept).

/// One `"key": value` member of a JSON object, with the value as its original JSON text.
public struct JSONMember: Equatable, Sendable {
    /// The member's name.
    public var key: String
    /// The value exactly as it was written, e.g. `{"x": 1}` or `42`.
    public var json: String

    /// A member named `key` whose value is the JSON text `json` (which must be valid JSON).
    public init(key: String, json: String) {
        self.key = key
        self.json = json
    }
}
