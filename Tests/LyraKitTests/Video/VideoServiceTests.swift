// VideoService end to end over a scripted backend and real files: nothing uploaded for refused
// input, the saved file's name and bytes, no overwrite, and nothing left behind on failure or cancel.
import Foundation
import LyraKit
import Synchronization
import Testing

@Suite struct VideoServiceTests {
    private func service(_ backend: ScriptedVideoBackend, directory: URL, maxPolls: Int = 40) -> VideoService {
        try? FileManager.default.createDirectory(at: directory.appending(path: "videos"), withIntermediateDirectories: true)
        return VideoService(backend: backend, clock: FakeClock(), policy: VideoPollPolicy(interval: 3, maxPolls: maxPolls),
                     videoDirectory: directory.appending(path: "videos"))
    }

    private func photo(_ directory: URL, _ name: String = "red.jpg") throws -> String {
        let url = directory.appending(path: name)
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]).write(to: url)
        return url.path
    }

    private func entries(_ directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    @Test func savesTheVideoUnderItsIdWithTheSniffedExtension() async throws {
        try await withTemporaryDirectory { directory in
            let backend = ScriptedVideoBackend(statuses: [pending(), completed("http://cdn.example/x/../../evil.mp4")])
            let subject = service(backend, directory: directory)
            let progress = Mutex<[VideoProgress]>([])
            let result = try await subject.generate(
                VideoRequest(template: "quick", photos: [try photo(directory), try photo(directory, "b.jpg")], prompt: "sun")
            ) { step in progress.withLock { $0.append(step) } }
            #expect(result.file.path == directory.appending(path: "videos/lyra-1001.avi").path)
            #expect(try Data(contentsOf: result.file) == aviBytes)
            #expect(entries(directory.appending(path: "videos")) == ["lyra-1001.avi"])
            let start = try #require(backend.recorded.starts.first)
            #expect(start.templateID == "2")
            #expect(start.prompt == "sun")
            #expect(start.photos.map(\.lastPathComponent) == ["red.jpg", "b.jpg"])
            #expect(backend.recorded.downloads == ["http://cdn.example/x/../../evil.mp4"])
            let steps = progress.withLock { $0 }
            #expect(steps.first == .uploading(photos: 2, templateName: "Quick Cuts"))
            #expect(steps.contains(.started(videoID: "1001")))
            #expect(steps.contains(.polling(.status(poll: 2, maxPolls: 40, status: "completed"))))
            #expect(steps.last == .downloading(received: Int64(aviBytes.count), expected: Int64(aviBytes.count)))
        }
    }

    @Test func mp4ContentAndExistingFilesGetSuffixes() async throws {
        try await withTemporaryDirectory { directory in
            let backend = ScriptedVideoBackend(videoBytes: mp4Bytes)
            let subject = service(backend, directory: directory)
            let videos = directory.appending(path: "videos")
            try FileManager.default.createDirectory(at: videos, withIntermediateDirectories: true)
            try Data("mine".utf8).write(to: videos.appending(path: "lyra-1001.mp4"))
            let request = VideoRequest(template: "1", photos: [try photo(directory)])
            #expect(try await subject.generate(request).file.lastPathComponent == "lyra-1001-1.mp4")
            #expect(try await subject.generate(request).file.lastPathComponent == "lyra-1001-2.mp4")
            #expect(try Data(contentsOf: videos.appending(path: "lyra-1001.mp4")) == Data("mine".utf8))
            #expect(backend.recorded.templateFetches == 1)
        }
    }

    @Test func outPathIsUsedAsGiven() async throws {
        try await withTemporaryDirectory { directory in
            let subject = service(ScriptedVideoBackend(), directory: directory)
            let target = directory.appending(path: "clip.mp4").path
            let request = VideoRequest(template: "1", photos: [try photo(directory)], output: target)
            #expect(try await subject.generate(request).file.path == target)
            #expect(try await subject.generate(request).file.lastPathComponent == "clip-1.mp4")
            try FileManager.default.createDirectory(at: directory.appending(path: "out"), withIntermediateDirectories: true)
            let into = VideoRequest(template: "1", photos: [try photo(directory)], output: directory.path + "/out/")
            #expect(try await subject.generate(into).file.path == directory.path + "/out/lyra-1001.avi")
        }
    }

    @Test func refusedInputUploadsNothing() async throws {
        try await withTemporaryDirectory { directory in
            let backend = ScriptedVideoBackend()
            let subject = service(backend, directory: directory)
            let good = try photo(directory)
            let bad = directory.appending(path: "bad.jpg")
            try Data("GIF89a".utf8).write(to: bad)
            let refused: [(VideoRequest, VideoError)] = [
                (VideoRequest(template: "1", photos: [good, bad.path]), .photoNotJPEG(bad.path)),
                (VideoRequest(template: "1", photos: [good, good, good, good]), .photoCount(4)),
                (VideoRequest(template: "1", photos: [directory.path + "/none.jpg"]), .photoMissing(directory.path + "/none.jpg")),
                (VideoRequest(template: "99", photos: [good]), .unknownTemplate("99")),
            ]
            for (request, expected) in refused {
                await #expect(throws: expected) { try await subject.generate(request) }
            }
            #expect(backend.recorded.starts.isEmpty)
            #expect(backend.recorded.templateFetches == 1)
        }
    }

    @Test func failuresLeaveNoFiles() async throws {
        try await withTemporaryDirectory { directory in
            let failing = ScriptedVideoBackend(onDownload: { throw APIError.networkError("connection reset") })
            await #expect(throws: APIError.networkError("connection reset")) {
                try await service(failing, directory: directory).generate(VideoRequest(template: "1", photos: [try photo(directory)]))
            }
            #expect(entries(directory.appending(path: "videos")).isEmpty)
            let timingOut = ScriptedVideoBackend(statuses: [pending()])
            await #expect(throws: VideoError.timedOut(videoID: "1001", polls: 2)) {
                try await service(timingOut, directory: directory, maxPolls: 2)
                    .generate(VideoRequest(template: "1", photos: [try photo(directory)]))
            }
            #expect(timingOut.recorded.downloads.isEmpty)
            #expect(entries(directory.appending(path: "videos")).isEmpty)
        }
    }

    @Test func cancellingDuringTheDownloadLeavesNoPartialFile() async throws {
        try await withTemporaryDirectory { directory in
            let backend = ScriptedVideoBackend(onDownload: {
                withUnsafeCurrentTask { $0?.cancel() }
                try Task.checkCancellation()
            })
            let subject = service(backend, directory: directory)
            let request = VideoRequest(template: "1", photos: [try photo(directory)])
            let generation = Task { try await subject.generate(request) }
            let result = await generation.result
            #expect(throws: CancellationError.self) { try result.get() }
            #expect(backend.recorded.downloads.count == 1)
            #expect(entries(directory.appending(path: "videos")).isEmpty)
        }
    }
}
