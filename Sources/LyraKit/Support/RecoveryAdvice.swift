// What the user can do about an error, as a value: LyraKit's error text names no front-end command,
// and each front end renders the advice in its own words (LyraTerminal: `RecoveryAdvice+Text`).
import Foundation

/// A way out of an error, for the front end to put in its own words.
public enum RecoveryAdvice: Sendable, Equatable {
    /// Log in again with a valid token.
    case logIn
    /// Subscribe to Lyra Premium.
    case subscribe
    /// Allow plain http:// in the settings.
    case allowInsecureHTTP
    /// Configure the app backend's base URL, or try the demo backend.
    case configureBackend
    /// Try the feature against the demo backend.
    case tryDemo
    /// Restore purchases, in case a payment went through.
    case restorePurchases
    /// List the sessions.
    case listSessions
    /// List the models of the provider in use.
    case listModels
    /// Choose a model of `provider`.
    case chooseModel(provider: String)
    /// List the providers.
    case listProviders
    /// Start a new session, or send fewer earlier messages.
    case shortenConversation
    /// List the video templates.
    case listTemplates
}
