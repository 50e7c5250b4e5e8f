// The video feature (the app's VideoGenerator): templates cached for the process, then
// check photos → upload → poll → download → save under a free name, leaving nothing behind on failure.
import Foundation

/// Lists templates and turns a `VideoRequest` into a saved file.
public actor VideoService {
    private let backend: any VideoBackend
    private let poller: VideoPoller
    private let videoDirectory: URL
    private let journal: VideoJournal?
    private var cachedTemplates: [VideoTemplateDTO]?

    /// A service over `backend`.
    /// - Parameters:
    ///   - clock: what polls sleep on.
    ///   - policy: the poll interval, the maximum number of polls and the retry rules.
    ///   - videoDirectory: where videos go without `--out`.
    ///   - journal: where started and saved videos are remembered for `/video download ID` (best effort).
    public init(backend: any VideoBackend, clock: any LyraClock, policy: VideoPollPolicy, videoDirectory: URL,
                journal: VideoJournal? = nil) {
        self.backend = backend
        self.journal = journal
        self.poller = VideoPoller(backend: backend, clock: clock, policy: policy)
        self.videoDirectory = videoDirectory
    }

    /// The templates, fetched once per process.
    /// - Throws: `APIError`.
    public func templates() async throws -> [VideoTemplateDTO] {
        if let cachedTemplates { return cachedTemplates }
        let fetched = try await backend.fetchTemplates()
        cachedTemplates = fetched
        return fetched
    }

    /// The templates if they were already fetched (no request is made).
    public func loadedTemplates() -> [VideoTemplateDTO]? {
        cachedTemplates
    }

    /// Generates, polls, downloads and saves one video.
    /// - Parameter onProgress: called for each step (from any task).
    /// - Returns: the saved file, the video id and the template.
    /// - Throws: `VideoError` (refused photos or template, failure, timeout, unusable output),
    ///   `APIError`, `StorageError`; `CancellationError`/`APIError.cancelled` when cancelled,
    ///   in which case no file is left behind.
    public func generate(
        _ request: VideoRequest, onProgress: @escaping @Sendable (VideoProgress) -> Void = { _ in }
    ) async throws -> VideoResult {
        let photos = try PhotoValidator.check(request.photos)
        let destination = VideoDestination.resolve(out: request.output, videoDirectory: videoDirectory)
        try destination.prepare()
        let template = try TemplateMatcher.match(request.template, in: try await templates())
        try Task.checkCancellation()
        onProgress(.uploading(photos: photos.count, templateName: TextSanitizer.singleLine(template.name, limit: 60)))
        let started = try await backend.startVideo(templateID: template.id.value, prompt: request.prompt, photos: photos)
        let videoID = started.videoID.value
        guard !videoID.trimmingCharacters(in: .whitespaces).isEmpty else { throw APIError.decodingError("empty 'video_id'") }
        let shownID = TextSanitizer.singleLine(videoID, limit: 40)
        try? journal?.record(shownID, status: "started", template: TextSanitizer.singleLine(template.name, limit: 60),
                             photos: photos.count)
        onProgress(.started(videoID: shownID))
        let file = try await finish(videoID: videoID, shownID: shownID, destination: destination, checkFirst: false,
                                    onProgress: onProgress)
        return VideoResult(file: file, videoID: videoID, template: template)
    }

    /// One status request for `videoID`, e.g. to show `/video status ID`.
    /// - Throws: `APIError`.
    public func status(of videoID: String) async throws -> VideoStatusDTO {
        try await backend.videoStatus(id: videoID)
    }

    /// Picks up a video started earlier: waits until it is done (at once when it already is),
    /// then downloads and saves it like `generate` does.
    /// - Parameter output: `--out PATH`, or nil for the video directory.
    /// - Returns: the saved file.
    /// - Throws: like `generate`.
    public func resume(videoID: String, output: String?,
                       onProgress: @escaping @Sendable (VideoProgress) -> Void = { _ in }) async throws -> URL {
        let destination = VideoDestination.resolve(out: output, videoDirectory: videoDirectory)
        try destination.prepare()
        let shownID = TextSanitizer.singleLine(videoID, limit: 40)
        onProgress(.started(videoID: shownID))
        return try await finish(videoID: videoID, shownID: shownID, destination: destination, checkFirst: true,
                                onProgress: onProgress)
    }

    // MARK: - Private

    /// Polls (after one immediate check with `checkFirst`), downloads and saves, keeping the journal up to date.
    private func finish(videoID: String, shownID: String, destination: VideoDestination, checkFirst: Bool,
                        onProgress: @escaping @Sendable (VideoProgress) -> Void) async throws -> URL {
        do {
            var ready: VideoStatusDTO?
            if checkFirst { ready = try VideoPoller.finished(try await backend.videoStatus(id: videoID), videoID: videoID) }
            let status: VideoStatusDTO
            if let ready {
                status = ready
            } else {
                status = try await poller.waitForVideo(id: videoID) { onProgress(.polling($0)) }
            }
            let file = try await download(status, videoID: videoID, to: destination, onProgress: onProgress)
            try? journal?.record(shownID, status: "saved", savedPath: file.path)
            return file
        } catch {
            try? journal?.record(shownID, status: Self.isCancellation(error) ? "cancelled" : "failed")
            throw error
        }
    }

    private static func isCancellation(_ error: any Error) -> Bool {
        if error is CancellationError { return true }
        if case .cancelled = error as? APIError { return true }
        return false
    }

    private func download(
        _ status: VideoStatusDTO, videoID: String, to destination: VideoDestination,
        onProgress: @escaping @Sendable (VideoProgress) -> Void
    ) async throws -> URL {
        guard let videoURL = status.videoURL else { throw VideoError.missingVideoURL(videoID: videoID) }
        let staging = try VideoStagingArea(in: destination.directory)
        defer { staging.remove() }
        onProgress(.downloading(received: 0, expected: nil))
        try await backend.downloadVideo(from: videoURL, to: staging.downloadURL) { received, expected in
            onProgress(.downloading(received: received, expected: expected))
        }
        try Task.checkCancellation()
        return try destination.place(staging.downloadURL, videoID: videoID)
    }
}
