// The names `/model` and `/settings set model` complete before `/model` has run: the providers,
// and the models of the provider in use, fetched on the first Tab that needs them.
import Foundation
import LyraKit

/// Loads provider names and the current provider's model ids for Tab completion.
enum ModelCompletion {
    /// A loader for the first Tab: the providers, and `provider:model` for each model the current
    /// provider lists (none when it cannot be reached).
    @MainActor
    static func loader(services: AppServices) -> CompletionData.Loader {
        return { @MainActor in
            guard let catalog = try? services.providerCatalog() else { return [:] }
            var names: [CompletionData.Kind: [String]] = [.providerNames: catalog.names]
            if let current = try? await services.currentModel(),
               let definition = try? services.providerCatalog().provider(named: current.provider),
               definition.kind == .openai, let offered = try? await services.offeredModels(of: definition) {
                names[.modelIDs] = offered.map { ModelReference(provider: definition.name, model: $0).description }
            }
            return names
        }
    }
}
