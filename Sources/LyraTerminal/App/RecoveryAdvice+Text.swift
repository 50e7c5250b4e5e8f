// LyraKit's recovery advice in the terminal's words: the commands and options to run, appended to
// the error's own text by `ErrorText`.
import Foundation
import LyraKit

extension RecoveryAdvice {
    /// The advice as the continuation of an error message, e.g. `: /login`.
    var text: String {
        switch self {
        case .logIn: return ": /login"
        case .subscribe: return ": see /subscribe"
        case .allowInsecureHTTP: return ", or allow it with /settings set allowInsecureHTTP true"
        case .configureBackend:
            return ": set LYRA_BASE_URL, pass --base-url URL, run /settings set baseURL URL, or try lyra --demo"
        case .tryDemo: return "; to try it without an account, run lyra --demo"
        case .restorePurchases: return "; if you paid, run /subscribe restore"
        case .listSessions: return " (see /sessions)"
        case .listModels: return ": list the models with /model"
        case .chooseModel(let provider): return ": pick one with /model \(provider):MODEL (/model lists them)"
        case .listProviders: return ": see /model for the providers"
        case .shortenConversation:
            return ": start a new session with /new, or send fewer earlier messages with /settings set contextMessages N"
        case .listTemplates: return " (see /video templates)"
        }
    }

    /// The advice for a one-shot `lyra PROMPT…`, where commands such as `/new` cannot be typed.
    var oneShotText: String {
        switch self {
        case .shortenConversation:
            return ": shorten the prompt or the piped input (with --session or --continue, send fewer earlier "
                + "messages: lyra -c '/settings set contextMessages N')"
        default: return text
        }
    }
}
