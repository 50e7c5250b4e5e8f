// The writing feature's service (`/improve`): on a model when `writingModel` names one or the
// current model's provider is of kind `openai` (SPEC §8), otherwise on the app backend.
import Foundation
import LyraKit

extension AppServices {
    /// The writing service for the model in use now.
    /// - Throws: `APIError.missingBaseURL`/`.insecureURL`, `ProviderError`, or configuration errors.
    public func writingService() async throws -> WritingService {
        let catalog = try providerCatalog()
        let model: ModelReference?
        if let named = try configuration().writingModel {
            model = try resolve(named, in: catalog, current: try await currentModel()?.provider)
        } else {
            model = try await currentModel()
        }
        if let model, catalog.provider(named: model.provider)?.kind == .openai {
            return WritingService(backend: ModelWritingBackend(provider: try chatProvider(for: model), model: model))
        }
        return WritingService(backend: try apiClient())
    }
}
