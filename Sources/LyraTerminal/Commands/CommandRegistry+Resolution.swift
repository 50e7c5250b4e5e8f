// Resolving a typed command name: exact name or alias first, then a unique prefix, then the
// nearest name by edit distance as a suggestion. Pure, so it is unit-tested without a terminal.

extension CommandRegistry {
    /// What `typed` (without the slash, any case) names.
    public func resolve(_ typed: String) -> CommandResolution {
        let key = typed.lowercased()
        guard !key.isEmpty else { return .unknown(suggestion: nil) }
        if let exact = command(named: key) { return .command(exact) }
        let matching = commands.filter { command in
            ([command.name] + command.aliases).contains { $0.hasPrefix(key) }
        }
        if matching.count == 1, let only = matching.first { return .command(only) }
        if matching.count > 1 { return .ambiguous(matching.map { "/" + $0.name }.sorted()) }
        return .unknown(suggestion: nearestName(to: key))
    }

    /// The name or alias (with the slash) closest to `key`, when it is within the suggestion limit;
    /// the earliest in help order wins a tie.
    func nearestName(to key: String) -> String? {
        let length = key.count
        let limit = EditDistance.suggestionLimit(forLength: length)
        var best: (name: String, distance: Int)?
        // A name whose length differs by more than the limit is at least that far: not measured.
        for name in commands.flatMap({ [$0.name] + $0.aliases }) where abs(name.count - length) <= limit {
            let distance = EditDistance.between(key, name)
            guard distance <= limit, distance < (best?.distance ?? Int.max) else { continue }
            best = (name, distance)
        }
        return best.map { "/" + $0.name }
    }
}
