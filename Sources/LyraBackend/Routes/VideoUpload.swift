// Reads and checks the multipart body of `template2video`: template id, prompt, 1–3 JPEG photos.
import LyraKit

/// The validated contents of a template2video upload.
struct VideoUpload: Sendable {
    let templateID: Int
    let prompt: String?
    /// The photos in upload order; each starts with FF D8 FF.
    let photos: [[UInt8]]

    /// Parses and validates the upload.
    /// - Throws: 400 for a malformed multipart body, 422 naming the bad field or photo.
    static func parse(_ request: HTTPRequest) throws(RouteFailure) -> VideoUpload {
        guard request.mediaType == "multipart/form-data" else {
            throw RouteFailure(status: 422, detail: "expected a multipart/form-data body")
        }
        guard let boundary = MultipartParser.boundary(fromContentType: request.header("content-type") ?? "") else {
            throw RouteFailure(status: 400, detail: MultipartError.missingBoundary.detail)
        }
        let parts: [MultipartPart]
        do {
            parts = try MultipartParser.parse(request.body, boundary: boundary)
        } catch {
            throw RouteFailure(status: 400, detail: error.detail)
        }
        guard let templateText = parts.first(where: { $0.name == "template_id" })?.text else {
            throw RouteFailure(status: 422, detail: "text part 'template_id' is required")
        }
        guard let templateID = Int(templateText.trimmingWhitespaceAndNewlines) else {
            throw RouteFailure(status: 422, detail: "'template_id' must be an integer, got '\(templateText.prefix(40))'")
        }
        let prompt = parts.first(where: { $0.name == "prompt" })?.text
        let images = parts.filter { $0.name == "image" }
        guard (1...3).contains(images.count) else {
            throw RouteFailure(status: 422, detail: "expected 1 to 3 file parts named 'image', got \(images.count)")
        }
        for (index, image) in images.enumerated() where !JPEGSizeReader.looksLikeJPEG(image.body) {
            let file = image.filename.map { " (\($0))" } ?? ""
            throw RouteFailure(
                status: 422, detail: "image \(index + 1)\(file) is not a JPEG: it does not start with FF D8 FF")
        }
        return VideoUpload(templateID: templateID, prompt: prompt, photos: images.map(\.body))
    }
}
