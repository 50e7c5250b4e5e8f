// Where this run's chat turns go: the provider and model resolved for the current session, with
// the per-turn settings that come from the configuration.
import Foundation
import LyraKit

/// The provider, model and settings a chat turn uses.
struct ChatRoute {
    /// Answers the turn.
    var provider: any ChatProvider
    /// The model saved on the reply and in the session; nil for the app backend, whose session
    /// files stay exactly as they were before providers existed.
    var model: ModelReference?
    /// `contextMessages` from the configuration.
    var contextMessages: Int
    /// How replies are shown on a terminal.
    var render: RenderMode
    /// Whether the provider's config says its models open their thinking block in the prompt (`thinkOpen`).
    var thinkOpen = false
}
