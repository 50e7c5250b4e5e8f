// `/model [M] [--json]` (SPEC §8): show the model in use and list its provider's models
// (`GET {baseURL}/models`); `/model M` switches, checked against that list when the server has one.
import Foundation
import LyraKit

/// Shows, lists and switches models.
public struct ModelCommand: Command {
    public let name = "model"
    public let summary = "show, list and choose the model"
    public let usage = "/model [PROVIDER:MODEL | MODEL | PROVIDER] [--json]"
    public let details = """
        Providers: app (the app backend), openai (OPENAI_BASE_URL, OPENAI_API_KEY), ollama (OLLAMA_HOST),
        demo (under --demo), and those in config.json under "providers". A bare MODEL means the current
        provider. The choice is saved in the session and used for the rest of the run.
        """

    /// The command.
    public init() {}

    /// Provider names and `provider:model` ids seen so far.
    public func completions(arguments: [String], partial: String, data: CompletionData) -> [String] {
        guard arguments.isEmpty else { return [] }
        return data.names(.providerNames).map { $0 + ":" } + data.names(.modelIDs) + ["--json"]
    }

    /// Switches to the model given, or prints the current one and the provider's models.
    /// - Throws: `ProviderError` (unknown provider or model, a refused listing), configuration errors.
    @MainActor
    public func run(_ arguments: CommandArguments, context: CommandContext) async throws -> CommandResult {
        var arguments = arguments
        let json = arguments.takeFlag("--json")
        let catalog = try context.services.providerCatalog()
        context.completionData.set(.providerNames, catalog.names)
        if let text = arguments.rest(from: 0) {
            guard !json else { throw CommandError.usage("usage: \(usage)") }
            try await choose(text, catalog: catalog, context: context)
            return .proceed
        }
        let current = try await context.services.currentModel()
        let listing = try await ModelListing.load(for: current, catalog: catalog, services: context.services)
        context.completionData.set(.modelIDs, listing.models.map(\.description))
        if json {
            context.console.write(try listing.json())
        } else {
            listing.render(context: context)
        }
        return .proceed
    }

    @MainActor
    private func choose(_ text: String, catalog: ProviderCatalog, context: CommandContext) async throws {
        let services = context.services
        let current = try await services.currentModel()
        var model = try services.resolve(text, in: catalog, current: current?.provider)
        guard let definition = catalog.provider(named: model.provider) else {
            throw ProviderError.unknownProvider(model.provider)
        }
        if definition.kind == .openai {
            let offered = try await ModelListing.offeredModels(of: definition, services: services)
            if model.model.isEmpty {
                guard let first = offered?.first else { throw ProviderError.noModel(provider: definition.name) }
                model.model = first
            } else if let offered, !offered.isEmpty, !offered.contains(model.model) {
                throw ProviderError.unknownModel(provider: definition.name, model: model.model)
            }
        }
        services.modelChoice.chosen = model.description
        try await services.chatService().setModel(model.description)
        if context.isInteractive {
            context.console.writeLine(context.theme.paint("model: ", .muted) + TextSanitizer.sanitize(model.description))
        }
    }
}
