// The field table of a message's attachment (SPEC §13): `{"kind", "sha256", "mediaType", "bytes",
// "width", "height", "name"}`, in this order; members Lyra does not know are not kept.
import Foundation

extension MessageAttachment: StoredObject {
    /// An attachment's members. Defaults: kind `image`, empty digest and name, no type, zero sizes.
    static let storedMembers = StoredMembers<MessageAttachment>(
        blank: MessageAttachment(sha256: "", mediaType: "", bytes: 0, width: 0, height: 0, name: ""),
        depth: 5, unknown: nil, members: [
            .required("kind", \.kind, { $0.kind = $1 }, default: { _ in MessageAttachment.imageKind }),
            .required("sha256", \.sha256, { $0.sha256 = $1 }, default: { _ in "" }),
            .required("mediaType", \.mediaType, { $0.mediaType = $1 }, default: { _ in "" }),
            .required("bytes", \.bytes, { $0.bytes = $1 }, default: { _ in 0 }),
            .required("width", \.width, { $0.width = $1 }, default: { _ in 0 }),
            .required("height", \.height, { $0.height = $1 }, default: { _ in 0 }),
            .required("name", \.name, { $0.name = $1 }, default: { _ in "" }),
        ])
}
