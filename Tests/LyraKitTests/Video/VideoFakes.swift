// Fakes for the video tests: a scripted VideoBackend that records every call (the clock is
// the shared FakeClock).
import Foundation
import LyraKit
import Synchronization

/// A VideoBackend whose status answers are scripted; the last answer repeats.
final class ScriptedVideoBackend: VideoBackend {
    struct Calls {
        var templateFetches = 0
        var starts: [(templateID: String, prompt: String?, photos: [URL])] = []
        var statusPolls = 0
        var downloads: [String] = []
    }

    private let calls = Mutex(Calls())
    private let statuses: [Result<VideoStatusDTO, APIError>]
    private let templates: [VideoTemplateDTO]
    private let videoID: FlexibleID
    private let videoBytes: Data
    private let onPoll: @Sendable (Int) -> Void
    private let onDownload: @Sendable () async throws -> Void

    init(statuses: [Result<VideoStatusDTO, APIError>] = [.success(.init(status: "completed", videoURL: "/videos/1001.avi"))],
         templates: [VideoTemplateDTO] = [VideoTemplateDTO(id: 1, name: "Slideshow"), VideoTemplateDTO(id: 2, name: "Quick Cuts"),
                                          VideoTemplateDTO(id: 3, name: "Slow Memories"), VideoTemplateDTO(id: "4", name: "Slow Motion")],
         videoID: FlexibleID = 1001, videoBytes: Data = aviBytes,
         onPoll: @escaping @Sendable (Int) -> Void = { _ in },
         onDownload: @escaping @Sendable () async throws -> Void = {}) {
        self.statuses = statuses
        self.templates = templates
        self.videoID = videoID
        self.videoBytes = videoBytes
        self.onPoll = onPoll
        self.onDownload = onDownload
    }

    var recorded: Calls { calls.withLock { $0 } }

    func fetchTemplates() async throws -> [VideoTemplateDTO] {
        calls.withLock { $0.templateFetches += 1 }
        return templates
    }

    func startVideo(templateID: String, prompt: String?, photos: [URL]) async throws -> VideoStartResponseDTO {
        calls.withLock { $0.starts.append((templateID, prompt, photos)) }
        return VideoStartResponseDTO(videoID: videoID, detail: "Success")
    }

    func videoStatus(id: String) async throws -> VideoStatusDTO {
        let poll = calls.withLock { calls -> Int in
            calls.statusPolls += 1
            return calls.statusPolls
        }
        onPoll(poll)
        guard let answer = statuses.indices.contains(poll - 1) ? statuses[poll - 1] : statuses.last else {
            return VideoStatusDTO(status: "pending")
        }
        return try answer.get()
    }

    func downloadVideo(from urlString: String, to destination: URL,
                       progress: @escaping @Sendable (Int64, Int64?) -> Void) async throws {
        calls.withLock { $0.downloads.append(urlString) }
        let partial = destination.deletingLastPathComponent().appending(path: ".part")
        try videoBytes.prefix(videoBytes.count / 2).write(to: partial)
        progress(Int64(videoBytes.count / 2), Int64(videoBytes.count))
        do {
            try await onDownload()
        } catch {
            try? FileManager.default.removeItem(at: partial)
            throw error
        }
        try videoBytes.write(to: partial)
        try FileManager.default.moveItem(at: partial, to: destination)
        progress(Int64(videoBytes.count), Int64(videoBytes.count))
    }
}

/// The first bytes of a RIFF AVI file, padded.
let aviBytes = Data("RIFF".utf8) + Data([0x10, 0, 0, 0]) + Data("AVI LIST".utf8) + Data(repeating: 7, count: 64)
/// The first bytes of an ISO BMFF (MP4) file, padded.
let mp4Bytes = Data([0, 0, 0, 0x18]) + Data("ftypisom".utf8) + Data(repeating: 9, count: 64)

/// A status that is still in progress.
func pending(_ status: String = "pending") -> Result<VideoStatusDTO, APIError> {
    .success(VideoStatusDTO(status: status))
}

/// A completed status with `url`.
func completed(_ url: String = "/videos/1001.avi") -> Result<VideoStatusDTO, APIError> {
    .success(VideoStatusDTO(status: "completed", videoURL: url))
}
