// `/model [M] [--json]` (SPEC §8): show the model in use and list its provider's models
// (`GET {baseURL}/models`); `/model M` switches, checked against that list when the server has one.
import Foundation
import LyraKit

/// Shows, lists and switches models.
public struct ModelCommand: Command {
    public let name = "model"
    public let summary = "show, list and choose the model"
    public let usage = "/model [--json]\n/model PROVIDER:MODEL | MODEL | PROVIDER [--default]"
    public let details = """
        Providers: app (the app backend), openai (OPENAI_BASE_URL, OPENAI_API_KEY), ollama (OLLAMA_HOST),
        demo (under --demo), and those in config.json under "providers". A bare MODEL means the current
        provider; a PROVIDER alone means its first model. The choice is saved in the session and used for
        the rest of the run; with --default it is also saved as the model setting in config.json.
        """

    /// The command.
    public init() {}

    /// Provider names, the current provider's models (`provider:model` and bare), `--json`, `--default`.
    public func completions(arguments: [String], partial: String, data: CompletionData) -> [String] {
        guard arguments.isEmpty else { return arguments.contains("--default") ? [] : ["--default"] }
        return Self.names(data) + ["--json", "--default"]
    }

    /// What a model name completes to: each provider alone, each listed `provider:model`, and
    /// each listed model bare (the list is the current provider's).
    static func names(_ data: CompletionData) -> [String] {
        let ids = data.names(.modelIDs)
        let bare = ids.compactMap { id in id.firstIndex(of: ":").map { String(id[id.index(after: $0)...]) } }
        var seen = Set<String>()
        return (data.names(.providerNames) + ids + bare).filter { seen.insert($0).inserted }
    }

    /// Switches to the model given, or prints the current one and the provider's models.
    /// - Throws: `ProviderError` (unknown provider or model, a refused listing), configuration errors.
    @MainActor
    public func run(_ arguments: CommandArguments, context: CommandContext) async throws -> CommandResult {
        var arguments = arguments
        let json = arguments.takeFlag("--json")
        let makeDefault = arguments.takeFlag("--default")
        let catalog = try context.services.providerCatalog()
        context.completionData.set(.providerNames, catalog.names)
        // The raw rest of the line still holds a flag taken from the words.
        if let text = makeDefault ? arguments.texts.first : arguments.rest(from: 0) {
            guard !json else { throw CommandError.usage("usage: /model [--json]") }
            try await choose(text, makeDefault: makeDefault, context: context)
            return .proceed
        }
        guard !makeDefault else { throw CommandError.usage("usage: /model PROVIDER:MODEL | MODEL | PROVIDER --default") }
        // On a terminal a spinner shows while the model is found and the provider's list is fetched.
        let spinner = context.makeSpinner()
        spinner.start("listing models")
        let listing: ModelListing
        do {
            let current = try await context.services.currentModel()
            listing = try await ModelListing.load(for: current, catalog: catalog, services: context.services)
            spinner.stop()
        } catch {
            spinner.stop()
            throw error
        }
        context.completionData.set(.modelIDs, listing.models.map(\.description))
        if json {
            context.console.write(try listing.json())
        } else {
            listing.render(context: context)
        }
        return .proceed
    }

    @MainActor
    private func choose(_ text: String, makeDefault: Bool, context: CommandContext)
        async throws {
        let services = context.services
        let current = try await services.currentModel()
        let model = try await services.resolveChoice(text, current: current?.provider)
        guard let definition = try services.providerCatalog().provider(named: model.provider) else {
            throw ProviderError.unknownProvider(model.provider)
        }
        if definition.kind == .openai, let offered = try await services.offeredModels(of: definition), !offered.isEmpty,
           !offered.contains(model.model) {
            let nearest = ModelChoiceError.nearest(to: model.model, among: offered)
            guard nearest.isEmpty else {
                throw ModelChoiceError.unknownModel(provider: definition.name, model: model.model, offered: offered)
            }
            throw ProviderError.unknownModel(provider: definition.name, model: model.model)
        }
        services.modelChoice.chosen = model.description
        try await services.chatService().setModel(model.description)
        if makeDefault {
            try services.configurationLoader.set(.model, value: model.description)
            services.reloadConfiguration()
        }
        if context.isInteractive {
            let saved = makeDefault ? context.theme.paint(" (saved as the default in config.json)", .muted) : ""
            context.console.writeLine(context.theme.paint("model: ", .muted) + TextSanitizer.sanitize(model.description)
                + saved)
        }
    }
}
