// Model names as users type them (SPEC §16): a PROVIDER alone means its first model, a bare MODEL
// a model of the provider in use, both checked against the provider's list (nearest names
// suggested); with no model anywhere, OPENAI_BASE_URL's first model or a server found on loopback.
import Foundation
import LyraKit

extension AppServices {
    /// The model chat uses now, or nil when none can be chosen or found.
    /// - Throws: configuration errors, `ModelChoiceError`/`ProviderError` for a name that cannot be
    ///   resolved, and the listing's error when OPENAI_BASE_URL is set but gives no model.
    public func currentModel() async throws -> ModelReference? {
        let configuration = try configuration()
        let explicit = modelChoice.chosen ?? options.model ?? configuration.model.flatMap { model in
            configuration.source(of: .model) == .configFile ? nil : model
        }
        let saved = await chatService().sessionModel
        let fromFile = configuration.source(of: .model) == .configFile ? configuration.model : nil
        guard let text = explicit ?? saved ?? fromFile else {
            if configuration.baseURL != nil { return ModelReference(provider: AppChatProvider.providerName, model: "") }
            return try await detectedModel()?.model
        }
        if let known = modelChoice.resolved[text] { return known }
        let current = try await providerInUse(besides: text, candidates: [saved, fromFile])
        let model = try await resolveChoice(text, current: current)
        modelChoice.resolved[text] = model
        return model
    }

    /// `text` as a model: `PROVIDER:MODEL` as given; a PROVIDER alone as its default or first
    /// model; a bare MODEL on `current`, checked against that provider's list when it has one.
    /// - Throws: `ModelChoiceError` for an unknown name or model, `ProviderError` when the
    ///   provider offers no model or cannot be reached while its first model is needed.
    func resolveChoice(_ text: String, current: String?) async throws -> ModelReference {
        let catalog = try providerCatalog()
        let known = Set(catalog.names)
        guard let reference = ModelReference.parse(text, knownProviders: known, currentProvider: current),
              let definition = catalog.provider(named: reference.provider) else {
            throw ModelChoiceError.unknownName(text.trimmingCharacters(in: .whitespaces), providers: catalog.names)
        }
        guard definition.kind == .openai else { return reference }
        if reference.model.isEmpty {
            if !definition.defaultModel.isEmpty { return ModelReference(provider: definition.name, model: definition.defaultModel) }
            guard let first = try await offeredModels(of: definition)?.first else {
                throw ProviderError.noModel(provider: definition.name)
            }
            return ModelReference(provider: definition.name, model: first)
        }
        let isBare = ModelReference.parse(text, knownProviders: known, currentProvider: nil) == nil
        if isBare, let offered = try? await offeredModels(of: definition), !offered.isEmpty,
           !offered.contains(reference.model) {
            throw ModelChoiceError.unknownModel(provider: definition.name, model: reference.model, offered: offered)
        }
        return reference
    }

    /// Checks a `model` setting before it is saved: the provider must exist, and a bare model must
    /// be on the provider in use's list when that list can be read.
    /// - Throws: `ModelChoiceError`.
    func validateModelSetting(_ text: String) async throws {
        let catalog = try providerCatalog()
        let known = Set(catalog.names)
        if ModelReference.parse(text, knownProviders: known, currentProvider: nil) != nil { return }
        let current = try? await providerInUse(besides: text, candidates: [await chatService().sessionModel])
        do {
            _ = try await resolveChoice(text, current: current)
        } catch let error as ModelChoiceError {
            throw error
        } catch {
            // The provider exists; its server being down now is no reason to refuse the setting.
        }
    }

    /// The model ids `definition` offers, fetched once a run; nil when the server has no list.
    /// - Throws: `ProviderError`/`APIError` when the list cannot be read (nothing is remembered then).
    func offeredModels(of definition: ProviderDefinition) async throws -> [String]? {
        if let known = modelChoice.offered[definition.name] { return known }
        let offered = try await ModelListing.offeredModels(of: definition, services: self)
        modelChoice.offered[definition.name] = offered
        return offered
    }

    /// The provider a bare model belongs to: that of the first of `candidates` naming one, else the
    /// one Lyra would pick by itself (OPENAI_BASE_URL set → openai, else a server on loopback).
    private func providerInUse(besides text: String, candidates: [String?]) async throws -> String? {
        let known = Set(try providerCatalog().names)
        for case let candidate? in candidates where candidate != text {
            if let reference = ModelReference.parse(candidate, knownProviders: known, currentProvider: nil) {
                return reference.provider
            }
        }
        if Self.hasValue(environment["OPENAI_BASE_URL"]) { return "openai" }
        return try await detectedModel()?.model.provider
    }

    /// With no model chosen: OPENAI_BASE_URL's first model, else the first model of a server
    /// answering on loopback. Looked for once a run; the choice is said once on stderr.
    /// - Throws: the listing's error when OPENAI_BASE_URL is set but its models cannot be read.
    func detectedModel() async throws -> DetectedModel? {
        if let detected = modelChoice.detected { return detected }
        var found: DetectedModel?
        if Self.hasValue(environment["OPENAI_BASE_URL"]), let openAI = try providerCatalog().provider(named: "openai") {
            if let first = try await offeredModels(of: openAI)?.first {
                found = DetectedModel(model: ModelReference(provider: "openai", model: first),
                                      origin: "the first model at OPENAI_BASE_URL")
            }
        } else {
            let probe = LocalModelProbe(transport: CurlTransport.shared, environment: environment,
                                        configuration: try configuration())
            if let server = await probe.servers().first, let first = server.models.first {
                let isBuiltIn = try providerCatalog().provider(named: server.provider) != nil
                found = DetectedModel(
                    model: ModelReference(provider: server.provider, model: first),
                    origin: "the first model of \(server.label) at \(server.address)",
                    provider: isBuiltIn ? nil : ProviderDefinition(
                        name: server.provider, kind: .openai, baseURL: server.baseURL, apiKey: nil,
                        apiKeyVariable: ProviderDefinition.keyVariable(for: server.provider)))
            }
        }
        modelChoice.detected = .some(found)
        if let found {
            if found.provider != nil { forgetProviderCatalog() }
            announce(found)
        }
        return found
    }

    /// Says once, on stderr, which model was picked and how to choose another (not with `-q`).
    private func announce(_ detected: DetectedModel) {
        guard !options.quiet else { return }
        let line = "no model chosen: using \(TextSanitizer.singleLine(detected.model.description)), \(detected.origin)"
            + " (choose one with --model, or /model M --default)"
        let terminal = isatty(STDERR_FILENO) == 1 ? Terminal.detect(environment: environment, noColorFlag: true) : nil
        let dim = terminal != nil && !options.noColor && !Self.hasValue(environment["NO_COLOR"])
        let lines = MessageLayout.lines("lyra: " + line, width: terminal?.width).map { shown in
            dim ? "\u{1B}[2m" + shown.plain + "\u{1B}[0m\n" : shown.plain + "\n"
        }
        FileHandle.standardError.write(Data(lines.joined().utf8))
    }

    private static func hasValue(_ text: String?) -> Bool {
        !(text ?? "").trimmingCharacters(in: .whitespaces).isEmpty
    }
}
