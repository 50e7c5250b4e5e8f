// The writing feature's service (`/improve`): on a model when `writingModel` names one or the
// current model's provider is of kind `openai` (SPEC §8), otherwise on the app backend — also for
// `--demo`'s `demo` models, canned chat beside the backend's real writing route. One service per
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
    /// kind `openai` and is not `--demo`'s built-in backend (its chat models only answer with canned
    /// text; its app writing route applies the real edits); nil means the app backend.
    private func writingModel() async throws -> ModelReference? {
        let catalog = try providerCatalog()
        let model: ModelReference?
        if let named = try configuration().writingModel {
            model = try resolve(named, in: catalog, current: try await currentModel()?.provider)
        } else {
            model = try await currentModel()
        }
        guard let model, let provider = catalog.provider(named: model.provider), provider.kind == .openai,
              !isDemoBackend(provider) else { return nil }
        return model
    }

    /// Whether `provider` is `--demo`'s built-in backend (the `demo` provider of this run).
    private func isDemoBackend(_ provider: ProviderDefinition) -> Bool {
        guard options.demo, provider.name == "demo", let base = flags[.baseURL].flatMap(URL.init(string:)) else {
            return false
        }
        return provider.baseURL == base.appending(path: "v1")
    }
}
