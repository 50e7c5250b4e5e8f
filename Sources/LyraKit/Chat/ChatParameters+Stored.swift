// How a session's `parameters` are stored (SPEC §15): `{"temperature": 0.2, "topP": 0.9,
// "maxTokens": 200, "seed": 7}`, each member left out when not set; other members are not kept.

extension ChatParameters: StoredObject {
    /// The parameters' members, in the order they are written.
    static let storedMembers = StoredMembers<ChatParameters>(
        blank: ChatParameters(), depth: 2, unknown: nil, members: [
            .optional("temperature", \.temperature, { $0.temperature = $1 }),
            .optional("topP", \.topP, { $0.topP = $1 }),
            .optional("maxTokens", \.maxTokens, { $0.maxTokens = $1 }),
            .optional("seed", \.seed, { $0.seed = $1 }),
        ])
}
