// `/usage` (SPEC §12): the `usage` saved on replies (and `/compact` summaries), totalled per model —
// prompt, completion and reasoning tokens, replies, and cost where a price per million tokens is known.
import Foundation

/// Which replies `/usage` counts.
public struct UsageFilter: Sendable, Equatable {
    /// Only replies made at or after this time (`--today`: local midnight).
    public var since: Date?
    /// Only this session (`--session REF`), by id.
    public var sessionID: String?
    /// Only this model (`--model M`): `PROVIDER:MODEL` or the bare model.
    public var model: String?

    /// Creates a filter.
    public init(since: Date? = nil, sessionID: String? = nil, model: String? = nil) {
        self.since = since
        self.sessionID = sessionID
        self.model = model
    }

    /// Whether `message` is counted.
    func counts(_ message: ChatMessage) -> Bool {
        guard message.usage != nil, message.role == .assistant || message.role == .summary else { return false }
        if let since, message.createdAt < since { return false }
        if let model {
            guard let stored = message.model else { return false }
            return stored == model || stored.split(separator: ":", maxSplits: 1).last.map(String.init) == model
        }
        return true
    }
}

/// The totals of one model (or of all, `model` nil).
public struct UsageTotals: Sendable, Equatable {
    /// `PROVIDER:MODEL` as saved on the replies (`(unknown)` when none was); nil for the grand total.
    public var model: String?
    public var promptTokens = 0
    public var completionTokens = 0
    public var reasoningTokens = 0
    /// Replies counted.
    public var replies = 0
    /// US dollars, when a price is known for every reply counted; nil otherwise.
    public var cost: Double?

    /// Empty totals for `model`.
    public init(model: String?) {
        self.model = model
    }

    mutating func add(_ usage: TokenUsage) {
        promptTokens += usage.promptTokens ?? 0
        completionTokens += usage.completionTokens ?? 0
        reasoningTokens += usage.reasoningTokens ?? 0
        replies += 1
    }
}

/// Totals per model and overall.
public struct UsageReport: Sendable, Equatable {
    /// Per model, the most tokens first.
    public var models: [UsageTotals]
    /// All models together.
    public var total: UsageTotals

    /// Totals of the replies in `sessions` that `filter` counts, priced by `price` (per million tokens).
    public static func make(_ sessions: some Sequence<ChatSession>, filter: UsageFilter,
                            price: (String) -> ModelPrice?) -> UsageReport {
        var tally = UsageTally(filter: filter)
        for session in sessions { tally.add(session) }
        return tally.report(price: price)
    }

    /// The report of per-model totals, priced.
    fileprivate static func make(_ totals: some Sequence<UsageTotals>, price: (String) -> ModelPrice?) -> UsageReport {
        var models = totals.map { entry -> UsageTotals in
            var priced = entry
            priced.cost = entry.model.flatMap(price).map {
                $0.cost(promptTokens: entry.promptTokens, completionTokens: entry.completionTokens)
            }
            return priced
        }
        models.sort {
            ($0.promptTokens + $0.completionTokens, $1.model ?? "") > ($1.promptTokens + $1.completionTokens, $0.model ?? "")
        }
        var total = UsageTotals(model: nil)
        for entry in models {
            total.promptTokens += entry.promptTokens
            total.completionTokens += entry.completionTokens
            total.reasoningTokens += entry.reasoningTokens
            total.replies += entry.replies
        }
        total.cost = models.isEmpty || models.contains { $0.cost == nil }
            ? nil : models.reduce(0) { $0 + ($1.cost ?? 0) }
        return UsageReport(models: models, total: total)
    }
}

/// Adds up sessions one at a time (a store reads them one by one, never all at once).
struct UsageTally {
    let filter: UsageFilter
    private var byModel: [String: UsageTotals] = [:]

    init(filter: UsageFilter) {
        self.filter = filter
    }

    mutating func add(_ session: ChatSession) {
        if let id = filter.sessionID, id != session.id { return }
        for message in session.messages where filter.counts(message) {
            guard let usage = message.usage else { continue }
            let name = message.model ?? "(unknown)"
            byModel[name, default: UsageTotals(model: name)].add(usage)
        }
    }

    func report(price: (String) -> ModelPrice?) -> UsageReport {
        UsageReport.make(byModel.values, price: price)
    }
}

extension SessionStore {
    /// The usage report over every session (or the one `filter` names). With `filter.since`, only
    /// sessions updated since then are read (the listing index says which).
    /// - Throws: `StorageError` when the directory cannot be read; unreadable sessions are skipped.
    public func usage(_ filter: UsageFilter, price: (String) -> ModelPrice?) throws -> UsageReport {
        if let id = filter.sessionID {
            return UsageReport.make([try load(id: id)], filter: filter, price: price)
        }
        var tally = UsageTally(filter: filter)
        for summary in try list().sessions where filter.since.map({ summary.updatedAt >= $0 }) ?? true {
            // Read by file name: `load(id:)` would also read the numbers file, once per session.
            if let session = try? readSession(summary.fileName) { tally.add(session) }
        }
        return tally.report(price: price)
    }
}

extension ChatService {
    /// The usage report over the saved sessions (see `SessionStore.usage`).
    /// - Throws: `SessionError.notFound` for a session that is gone, `StorageError`.
    public func usageReport(_ filter: UsageFilter, price: @escaping @Sendable (String) -> ModelPrice?) async throws
        -> UsageReport {
        try await store.usage(filter, price: price)
    }
}
