// The one `VideoService` of a run, built from the configuration on first use of `/video`.
import Foundation
import LyraKit

extension AppServices {
    /// The video service: templates cached for the process, the poll policy and video directory
    /// from the configuration.
    /// - Throws: configuration errors, or `APIError` when the base URL is unusable.
    public func videoService() throws -> VideoService {
        if let builtVideoService { return builtVideoService }
        let configuration = try configuration()
        let policy = VideoPollPolicy(interval: configuration.videoPollInterval, maxPolls: configuration.videoMaxPolls)
        let service = VideoService(backend: try apiClient(), clock: clock, policy: policy,
                                   videoDirectory: configuration.videoDirectory, journal: videoJournal)
        builtVideoService = service
        return service
    }

    /// The last videos started, in the state directory (`/video list`, `/video download ID`).
    public var videoJournal: VideoJournal {
        VideoJournal(directories: directories)
    }
}
