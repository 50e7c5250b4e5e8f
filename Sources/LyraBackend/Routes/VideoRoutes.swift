// The video routes of SPEC §4: templates, template2video (multipart upload → MJPEG AVI),
// status polls that complete after a configurable number of polls, and the download.
import LyraKit

/// Handlers of `/pixverse/api/v1/*` and `/videos/<id>.avi`.
enum VideoRoutes {
    static let routes: [BackendRouter.Route] = [
        .init(method: "GET", pattern: ["pixverse", "api", "v1", "get_templates", "{}"], access: .app, handler: templates),
        .init(method: "POST", pattern: ["pixverse", "api", "v1", "template2video"], access: .app, handler: startVideo),
        .init(method: "GET", pattern: ["pixverse", "api", "v1", "status"], access: .app, handler: status),
        .init(method: "GET", pattern: ["videos", "{}"], access: .open, handler: download),
    ]

    private static func templates(_ context: RouteContext) throws(RouteFailure) -> HTTPResponse {
        let list = JSONValue.array(VideoTemplate.catalog.map(\.json))
        if context.state.config.templatesBareArray { return .json(list) }
        return .json(.object([("templates", list)]))
    }

    private static func startVideo(_ context: RouteContext) throws(RouteFailure) -> HTTPResponse {
        let upload = try VideoUpload.parse(context.request)
        guard let template = VideoTemplate.catalog.first(where: { $0.id == upload.templateID }) else {
            throw RouteFailure(status: 404, detail: "template \(upload.templateID) not found")
        }
        let size: JPEGSize
        do {
            size = try JPEGSizeReader.size(of: upload.photos[0])
        } catch {
            throw RouteFailure(status: 422, detail: "image 1: cannot read the JPEG size (\(error))")
        }
        let frames = upload.photos.flatMap { Array(repeating: $0, count: template.secondsPerPhoto) }
        let writer = MJPEGAVIWriter(width: size.width, height: size.height, framesPerSecond: 1)
        let polls = context.state.config.videoPollsToComplete ?? context.options.videoPollsToComplete
        let id = context.state.storeVideo(writer.makeAVI(frames: frames), pollsToComplete: max(polls, 0))
        return .json(.object([("video_id", .int(id)), ("detail", .string("Success"))]))
    }

    private static func status(_ context: RouteContext) throws(RouteFailure) -> HTTPResponse {
        let rawID = try context.requiredQuery("id")
        guard let id = Int(rawID) else {
            throw RouteFailure(status: 422, detail: "query parameter 'id' must be an integer")
        }
        guard let (poll, needed) = context.state.pollVideo(id) else {
            throw RouteFailure(status: 404, detail: "video \(id) not found")
        }
        if poll <= needed {
            return .json(.object([
                ("status", .string(poll == 1 ? "pending" : "processing")),
                ("video_url", .null),
                ("error", .null),
            ]))
        }
        let path = "/videos/\(id).avi"
        let url = context.state.config.relativeVideoURL ? path : context.publicBaseURL + path
        return .json(.object([("status", .string("completed")), ("video_url", .string(url)), ("error", .null)]))
    }

    private static func download(_ context: RouteContext) throws(RouteFailure) -> HTTPResponse {
        let name = context.parameters.first ?? ""
        guard name.hasSuffix(".avi"), let id = Int(name.dropLast(4)), let bytes = context.state.videoBytes(id) else {
            throw RouteFailure(status: 404, detail: "video not found")
        }
        return HTTPResponse(status: 200, headers: [("Content-Type", "video/x-msvideo")], body: bytes)
    }
}
