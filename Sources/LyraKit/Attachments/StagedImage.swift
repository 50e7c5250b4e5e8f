// An image attached to the next message and not yet sent: its reference (already in the attachment
// store) and its bytes, kept so that the send can store it again if another Lyra removed it as
// unused in the meantime (SPEC §13, "safe against a concurrent Lyra").

/// An image waiting for the next message.
public struct StagedImage: Sendable, Equatable {
    /// The reference the message will carry.
    public var attachment: MessageAttachment
    /// The image's bytes.
    public var bytes: [UInt8]

    /// A staged image.
    public init(attachment: MessageAttachment, bytes: [UInt8]) {
        self.attachment = attachment
        self.bytes = bytes
    }
}
