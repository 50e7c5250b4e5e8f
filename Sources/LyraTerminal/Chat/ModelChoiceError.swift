// A model name that cannot be resolved (SPEC §16): what was typed, and the nearest names that exist.
import Foundation
import LyraKit

/// An unknown model or provider name, with suggestions.
enum ModelChoiceError: Error, LocalizedError, Equatable {
    /// A bare name that is no provider, with no provider in use to look it up on.
    case unknownName(String, providers: [String])
    /// A model that the provider's list does not have.
    case unknownModel(provider: String, model: String, offered: [String])

    var errorDescription: String? {
        switch self {
        case let .unknownName(text, providers):
            let name = text.split(separator: ":", maxSplits: 1).first.map(String.init) ?? text
            let nearest = Self.nearest(to: name, among: providers)
            let hint = nearest.isEmpty ? "" : " (did you mean \(nearest.joined(separator: " or "))?)"
            return "unknown provider '\(name)'\(hint): name a model as PROVIDER:MODEL or a PROVIDER alone "
                + "(providers: \(providers.joined(separator: ", ")))"
        case let .unknownModel(provider, model, offered):
            let nearest = Self.nearest(to: model, among: offered)
            let hint = nearest.isEmpty ? "" : ": did you mean \(nearest.joined(separator: " or "))?"
            return "unknown model '\(model)' on \(provider)\(hint) (/model lists them)"
        }
    }

    /// At most three names close to `name`: those that contain it or start the same way, then those
    /// within a few edits, nearest first.
    static func nearest(to name: String, among names: [String]) -> [String] {
        let typed = name.lowercased()
        guard !typed.isEmpty else { return [] }
        let scored = names.compactMap { candidate -> (String, Int)? in
            let lower = candidate.lowercased()
            if lower.contains(typed) || (typed.count >= 3 && lower.hasPrefix(String(typed.prefix(3)))) {
                return (candidate, 0)
            }
            let distance = EditDistance.between(typed, lower)
            return distance <= max(2, typed.count / 3) ? (candidate, distance) : nil
        }
        return Array(scored.sorted { $0.1 < $1.1 }.map(\.0).prefix(3))
    }
}

extension ModelChoiceError: StatusCarryingError {
    /// An unknown provider is a configuration problem (exit status 2); an unknown model fails the line.
    var exitStatus: ExitStatus {
        switch self {
        case .unknownName: return .usage
        case .unknownModel: return .lineFailed
        }
    }
}
