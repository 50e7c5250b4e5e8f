// The body of a chat request that carries images (SPEC §13): the JSON is encoded with a marker in
// place of each image's base64 text, then cut at the markers into parts, each image becoming a
// part that the transport encodes from its stored file while sending. So the body is never held
// whole: only the JSON around the images is in memory, and one chunk of one image at a time.
import Foundation

/// Builds request bodies whose data URLs are streamed from stored files.
struct OpenAIImageBody {
    /// The marker's unguessable part: a text can only contain it by copying this request.
    private let nonce = UUID.systemRandomLowercased()
    /// The stored files of the images, in the order their markers were handed out.
    private(set) var files: [String] = []

    /// The data URL to put in the JSON for `attachment`: `data:TYPE;base64,` and a marker.
    /// - Throws: `AttachmentError.storedImageMissing` when its file is not in `store`.
    mutating func dataURL(for attachment: MessageAttachment, in store: AttachmentStore?) throws -> String {
        guard let store, let path = store.path(of: attachment), store.contains(attachment) else {
            throw AttachmentError.storedImageMissing(name: attachment.name)
        }
        files.append(path)
        return "data:\(attachment.mediaType);base64,\(marker(files.count - 1))"
    }

    /// `json` (a message, or a whole body) cut at each marker, with the marker's file (as base64) in its place.
    func parts(of json: Data) -> [HTTPBodyPart] {
        var parts: [HTTPBodyPart] = []
        var rest = json[...]
        for (index, file) in files.enumerated() {
            let marker = Data(marker(index).utf8)
            guard let found = rest.firstRange(of: marker) else { continue }
            parts.append(.bytes(Data(rest[..<found.lowerBound])))
            parts.append(.base64File(path: file))
            rest = rest[found.upperBound...]
        }
        parts.append(.bytes(Data(rest)))
        return parts
    }

    private func marker(_ index: Int) -> String { "lyra-image-\(nonce)-\(index)-end" }
}
