// The image store of this run (SPEC §13): `$XDG_DATA_HOME/lyra/attachments`.
import Foundation
import LyraKit

extension AppServices {
    /// Where images attached to messages are stored, by content.
    public var attachmentStore: AttachmentStore { AttachmentStore(directories: directories) }
}
