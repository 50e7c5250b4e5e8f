// The writing feature's service (`/improve`): on a model when `writingModel` names one or the
// current model's provider is of kind `openai` (SPEC §8), otherwise on the app backend — and always
// on it under `--demo`, whose backend has real writing rules beside its canned chat. One service per
// backend for the run.
import Foundation
import LyraKit

/// The writing services made in this run, by the model they use (nil: the app backend).
@MainActor
public final class WritingServices {
    private var services: [String: WritingService] = [:]

    /// Uses `service` for `model` from now on (tests inject a fake backend this way).
    public func prime(_ service: WritingService, for model: ModelReference?) {
        services[model?.description ?? ""] = service
    }

    /// The service for `model`, made by `make` the first time.
    func service(for model: ModelReference?, make: () throws -> WritingService) rethrows -> WritingService {
        let key = model?.description ?? ""
        if let existing = services[key] { return existing }
        let made = try make()
        services[key] = made
        return made
    }
}

extension AppServices {
    /// The writing service for the model in use now.
    /// - Throws: `APIError.missingBaseURL`/`.insecureURL`, `ProviderError`, or configuration errors.
    public func writingService() async throws -> WritingService {
        let model = try await writingModel()
        return try writingServices.service(for: model) {
            guard let model else { return WritingService(backend: try apiClient()) }
            return WritingService(backend: ModelWritingBackend(provider: try chatProvider(for: model), model: model))
        }
    }

    /// The model `/improve` uses: `writingModel`, else the current model — when its provider is of
    /// kind `openai`; nil means the app backend, which `--demo` always uses (its `demo` models
    /// only answer with canned text; its writing route applies the real edits).
    private func writingModel() async throws -> ModelReference? {
        if options.demo { return nil }
        let catalog = try providerCatalog()
        let model: ModelReference?
        if let named = try configuration().writingModel {
            model = try resolve(named, in: catalog, current: try await currentModel()?.provider)
        } else {
            model = try await currentModel()
        }
        guard let model, catalog.provider(named: model.provider)?.kind == .openai else { return nil }
        return model
    }
}
