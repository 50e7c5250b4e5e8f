// What the user asked `/video` for, and what generation reports while it runs.
import Foundation

/// One video to generate: a template, 1–3 photos, an optional prompt and output path.
public struct VideoRequest: Sendable, Equatable {
    /// A template id or name (see `TemplateMatcher`).
    public var template: String
    /// The photo paths as typed (absolute or relative to the working directory).
    public var photos: [String]
    /// The optional prompt.
    public var prompt: String?
    /// `--out PATH`: a file or a directory; nil for the video directory.
    public var output: String?

    /// Creates a request.
    public init(template: String, photos: [String], prompt: String? = nil, output: String? = nil) {
        self.template = template
        self.photos = photos
        self.prompt = prompt
        self.output = output
    }
}

/// A step of a running generation, for progress display.
public enum VideoProgress: Sendable, Equatable {
    /// The photos are being uploaded to start template `templateName`.
    case uploading(photos: Int, templateName: String)
    /// The backend accepted the job.
    case started(videoID: String)
    /// A status poll answered or was retried.
    case polling(VideoPollEvent)
    /// The video is downloading: bytes so far, and the total when known.
    case downloading(received: Int64, expected: Int64?)
}

/// A saved video.
public struct VideoResult: Sendable, Equatable {
    /// The file written.
    public var file: URL
    /// The backend's id of the video.
    public var videoID: String
    /// The template used.
    public var template: VideoTemplateDTO

    /// Creates a result.
    public init(file: URL, videoID: String, template: VideoTemplateDTO) {
        self.file = file
        self.videoID = videoID
        self.template = template
    }
}
