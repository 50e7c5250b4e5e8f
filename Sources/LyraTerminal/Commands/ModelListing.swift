// What `/model` shows: the model in use, its provider, and the models that provider offers.
import Foundation
import LyraKit

/// The current model and its provider's models.
struct ModelListing {
    /// The model in use, if any.
    var current: ModelReference?
    /// The models offered by the current provider (empty when it has no list).
    var models: [ModelReference]
    /// Every provider's name.
    var providers: [String]
    /// Why the list is empty, when it could not be fetched.
    var note: String?

    /// Loads the list of `current`'s provider (the app backend has none).
    /// - Throws: `ProviderError` for a provider that cannot be reached by policy (bad URL).
    @MainActor
    static func load(for current: ModelReference?, catalog: ProviderCatalog, services: AppServices) async throws
        -> ModelListing {
        var listing = ModelListing(current: current, models: [], providers: catalog.names)
        guard let current, let definition = catalog.provider(named: current.provider), definition.kind == .openai else {
            return listing
        }
        do {
            let ids = try await offeredModels(of: definition, services: services) ?? []
            listing.models = ids.map { ModelReference(provider: definition.name, model: $0) }
        } catch let error as ProviderError {
            listing.note = ErrorText.describe(error)
        } catch let error as APIError where error != .cancelled {
            listing.note = ErrorText.describe(error)
        }
        return listing
    }

    /// The model ids `definition` offers; nil when the server has no model list (404).
    /// - Throws: `ProviderError`/`APIError` for other failures.
    @MainActor
    static func offeredModels(of definition: ProviderDefinition, services: AppServices) async throws -> [String]? {
        do {
            return try await services.openAIProvider(definition).listModels()
        } catch ProviderError.server(_, 404, _), ProviderError.unknownModel {
            return nil
        }
    }

    /// The listing as a terminal or script shows it: the models one per line, the current one marked `*`.
    @MainActor
    func render(context: CommandContext) {
        let theme = context.theme
        if context.isInteractive {
            let shown = current.map { TextSanitizer.singleLine($0.description) } ?? "(none)"
            context.console.writeLine(theme.paint("model: ", .muted) + theme.paint(shown, .accent))
            if let note {
                context.console.writeMessage(TextSanitizer.singleLine(note), theme: theme, bodyStyle: .warning)
            }
            if current?.provider == AppChatProvider.providerName {
                context.console.writeLine(theme.paint("the app backend chooses its own model", .muted))
            }
            context.console.writeLine(theme.paint("providers: " + providers.joined(separator: ", "), .muted))
        } else if let note {
            context.console.writeErrorMessage(context.diagnosticPrefix + "warning: "
                + TextSanitizer.singleLine("cannot list the models: " + note))
        }
        var names = models.map(\.description)
        if let current, !names.contains(current.description) { names.insert(current.description, at: 0) }
        for name in names {
            let mark = name == current?.description ? "* " : "  "
            // One line per model, whatever a server put in its ids.
            context.console.writeLine(mark + TextSanitizer.singleLine(name))
        }
    }

    /// `{"model": …, "provider": …, "models": [...], "providers": [...]}`.
    /// - Throws: `CommandError.failed` when it cannot be encoded.
    func json() throws -> String {
        var object: [String: Any] = [
            "model": current?.description ?? NSNull(),
            "provider": current?.provider ?? NSNull(),
            "models": models.map(\.description),
            "providers": providers,
        ]
        if let note { object["error"] = note }
        do {
            let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
            return JSONText.string(from: data) + "\n"
        } catch {
            throw CommandError.failed("cannot encode the model list as JSON")
        }
    }
}
