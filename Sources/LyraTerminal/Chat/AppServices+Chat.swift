// The chat feature's entry in the service layer: one `ChatService` (and so one current session)
// per run, over the session files in `$XDG_DATA_HOME/lyra/sessions`.
import Foundation
import LyraKit

extension AppServices {
    /// The chat service of this run; it keeps the current session across configuration reloads
    /// (it is handed the backend on each turn).
    public func chatService() -> ChatService {
        chat
    }
}
