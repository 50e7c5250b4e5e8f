// An image that arrived in a chat request (SPEC §13): an `image_url` content part whose data URL
// is decoded and its header read, so that `lyra-vision` can say exactly what it received.
import Foundation
import LyraKit

/// One image of a request.
struct DemoImage: Sendable, Equatable {
    /// The message it came with (0-based).
    let message: Int
    /// The media type the data URL named.
    let mediaType: String
    /// The decoded size in bytes.
    let bytes: Int
    /// Pixels across and down, from the header (nil when the bytes are no image Lyra knows).
    let size: (width: Int, height: Int)?

    static func == (lhs: DemoImage, rhs: DemoImage) -> Bool {
        lhs.message == rhs.message && lhs.mediaType == rhs.mediaType && lhs.bytes == rhs.bytes
            && lhs.size?.width == rhs.size?.width && lhs.size?.height == rhs.size?.height
    }

    /// The images of message `item` (number `index`).
    /// - Throws: 400 for an image part without a URL, or with one that is no base64 data URL.
    static func images(in item: JSONValue, index: Int) throws(RouteFailure) -> [DemoImage] {
        guard case .array(let parts)? = item["content"] else { return [] }
        var images: [DemoImage] = []
        for part in parts where part["type"]?.stringValue == "image_url" {
            guard let url = part["image_url"]?["url"]?.stringValue ?? part["image_url"]?.stringValue else {
                throw RouteFailure(status: 400, detail: "messages[\(index)]: an image_url part needs a url")
            }
            images.append(try decode(url, index: index))
        }
        return images
    }

    private static func decode(_ url: String, index: Int) throws(RouteFailure) -> DemoImage {
        guard url.hasPrefix("data:"), let comma = url.firstIndex(of: ","),
              url[..<comma].hasSuffix(";base64"),
              let data = Data(base64Encoded: String(url[url.index(after: comma)...])) else {
            throw RouteFailure(status: 400, detail: "messages[\(index)]: only base64 data URLs are accepted for images")
        }
        let mediaType = String(url[url.index(url.startIndex, offsetBy: 5) ..< comma].dropLast(7))
        let info = try? ImageHeaderReader.info(of: [UInt8](data))
        return DemoImage(message: index, mediaType: mediaType, bytes: data.count,
                         size: info.map { ($0.width, $0.height) })
    }
}
