// The context window of the model in use (SPEC §12), as chat turns, the footer, `/compact` and the
// one-shot advice need it: looked up beside a turn's request (never before it), cached for the run,
// else the window config.json gives the model or its provider.
import Foundation
import LyraKit

/// What a chat turn knows about its model's window when it starts, and the lookup running beside it.
struct ContextWindowPlan {
    /// The window known before the request leaves (an earlier lookup, or config), if any.
    var known: ContextWindow?
    /// `contextTokens`, or 90 % of the known window.
    var budget: Int?
    /// The lookup for this turn's model; its answer is awaited only after the reply.
    var lookup: Task<ContextWindow?, Never>

    /// The longest a turn's end waits for a lookup still running (a server that never answers the
    /// window routes); the next turn gets the answer from the cache when it comes.
    static let longestWait: Duration = .seconds(10)

    /// The window once the lookup finished (or what was known), waiting at most `longestWait`.
    func window() async -> ContextWindow? {
        let lookup = self.lookup
        let found = await withTaskGroup(of: ContextWindow??.self) { group in
            group.addTask { .some(await lookup.value) }
            group.addTask {
                try? await Task.sleep(for: Self.longestWait)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        return (found ?? nil) ?? known
    }
}

extension AppServices {
    /// The window config.json gives `model`: `models.MODEL.contextWindow` (`PROVIDER:MODEL` or the
    /// bare model), else `providers.PROVIDER.contextWindow`.
    func configuredWindow(for model: ModelReference, in configuration: LyraConfiguration) -> Int? {
        configuration.models[model.description]?.contextWindow ?? configuration.models[model.model]?.contextWindow
            ?? configuration.providers[model.provider]?.contextWindow
    }

    /// Starts the window lookup for `model` (at once, beside the request) and says what is known
    /// now: an earlier lookup of this run, else config; the budget is `contextTokens`, else 90 % of that.
    func contextWindowPlan(for model: ModelReference?) async -> ContextWindowPlan {
        let configuration = try? configuration()
        let explicit = configuration?.contextTokens
        guard let model, let configuration,
              let definition = try? providerCatalog().provider(named: model.provider) else {
            return ContextWindowPlan(known: nil, budget: explicit, lookup: Task { nil })
        }
        let configured = configuredWindow(for: model, in: configuration)
        let lookup = contextWindows
        let task = Task { await lookup.window(provider: definition, model: model.model, configured: configured) }
        let cached = await lookup.cachedWindow(provider: definition, model: model.model)
        let known = cached.flatMap { $0 }
            ?? configured.map { ContextWindow(tokens: $0, source: .configuration, serverKind: .other) }
        return ContextWindowPlan(known: known, budget: explicit ?? known.map { max(1, $0.tokens * 9 / 10) },
                                 lookup: task)
    }
}
