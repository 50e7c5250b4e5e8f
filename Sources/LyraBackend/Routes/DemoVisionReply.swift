// The demo vision model `lyra-vision` (SPEC §13): it answers with what arrived — how many images,
// their media types, sizes in pixels and bytes — so attachments are tested offline. Which demo
// model can see is said by `POST /api/show` (ContextWindowRoutes).

/// The demo model that reports the images it received.
enum DemoVisionReply {
    /// The model id.
    static let modelID = "lyra-vision"

    /// `This is a canned reply from Lyra's demo vision model… 2 images arrived: image/png 40×30 98 bytes, …`
    static func text(for request: DemoChatRequest) -> String {
        let asked = request.lastUserText.map { "You asked: \"\(DemoChatReply.quote($0))\"." } ?? "No user message arrived."
        let images = request.images
        let seen: String
        if images.isEmpty {
            seen = "No images arrived."
        } else {
            let list = images.map { image in
                let size = image.size.map { "\($0.width)×\($0.height) " } ?? ""
                return "\(image.mediaType) \(size)\(image.bytes) bytes"
            }
            seen = "\(images.count) image\(images.count == 1 ? "" : "s") arrived: \(list.joined(separator: ", "))."
        }
        return "This is a canned reply from Lyra's demo vision model, not a real model. \(seen) \(asked)"
    }
}
