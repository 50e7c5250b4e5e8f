// The model providers as the terminal sees them (SPEC §8): the provider that answers the model in
// use (chosen in AppServices+ModelResolution).
import Foundation
import LyraKit

extension AppServices {
    /// `text` as a model of a known provider (a bare model belongs to the current provider, or to
    /// `app` when none is in use).
    /// - Throws: `ProviderError.unknownProvider` for `X:MODEL` with an unknown X and no current provider.
    func resolve(_ text: String, in catalog: ProviderCatalog, current: String? = nil) throws -> ModelReference {
        let known = Set(catalog.names)
        guard let reference = ModelReference.parse(text, knownProviders: known, currentProvider: current) else {
            let name = text.split(separator: ":").first.map(String.init) ?? text
            throw ProviderError.unknownProvider(name)
        }
        guard let provider = catalog.provider(named: reference.provider) else {
            throw ProviderError.unknownProvider(reference.provider)
        }
        if reference.model.isEmpty && provider.kind == .openai && !provider.defaultModel.isEmpty {
            return ModelReference(provider: reference.provider, model: provider.defaultModel)
        }
        return reference
    }

    /// The provider, model and settings for the next chat turn.
    /// - Throws: `ChatSetupError.noModel` when nothing is configured (exit 2), `APIError` for an
    ///   unusable base URL, `ProviderError` for an unknown provider or a missing model.
    func chatRoute() async throws -> ChatRoute {
        guard let model = try await currentModel() else { throw ChatSetupError.noModel }
        let configuration = try configuration()
        let provider = try chatProvider(for: model)
        return ChatRoute(provider: provider, model: provider.keepsHistoryServerSide ? nil : model,
                         contextMessages: configuration.contextMessages, render: configuration.render,
                         thinkOpen: try providerCatalog().provider(named: model.provider)?.thinkOpen ?? false)
    }

    /// The provider that answers `model`.
    /// - Throws: as `chatRoute()`.
    func chatProvider(for model: ModelReference) throws -> any ChatProvider {
        let catalog = try providerCatalog()
        guard let definition = catalog.provider(named: model.provider) else {
            throw ProviderError.unknownProvider(model.provider)
        }
        switch definition.kind {
        case .app:
            if definition.name == AppChatProvider.providerName { return AppChatProvider(backend: try apiClient()) }
            let configuration = try configuration()
            let config = try APIConfig(
                baseURL: definition.baseURL, token: definition.apiKey, userID: configuration.userID,
                appID: configuration.appID, locale: configuration.locale,
                allowInsecureHTTP: configuration.allowInsecureHTTP)
            return AppChatProvider(backend: APIClient(config: config))
        case .openai:
            guard model.model.isEmpty == false else { throw ProviderError.noModel(provider: definition.name) }
            return try openAIProvider(definition)
        }
    }

    /// The OpenAI-compatible client for `definition`, its base URL checked by the http policy.
    /// - Throws: `ProviderError.missingBaseURL`, `PlainHTTPProviderError`, `APIError.invalidURL`.
    func openAIProvider(_ definition: ProviderDefinition) throws -> OpenAIChatProvider {
        guard let baseURL = definition.baseURL else { throw ProviderError.missingBaseURL(provider: definition.name) }
        do {
            try BaseURLPolicy(allowInsecureHTTP: try configuration().allowInsecureHTTP).validate(baseURL)
        } catch APIError.insecureURL where baseURL.scheme?.lowercased() == "http" {
            throw PlainHTTPProviderError(label: definition.label, address: definition.address,
                                         setting: definition.baseURLSetting)
        }
        return OpenAIChatProvider(definition: definition)
    }
}
