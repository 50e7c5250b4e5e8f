// Naming of saved videos: lyra-<id>.<ext> from the content, --out as given, -1/-2 suffixes,
// nothing from the server used as a path, and the container sniffing behind the extension.
import Foundation
@testable import LyraKit
import Testing

@Suite struct VideoDestinationTests {
    @Test func sniffsTheContainer() {
        #expect(VideoContainer.sniff(aviBytes) == .avi)
        #expect(VideoContainer.sniff(mp4Bytes) == .mp4)
        #expect(VideoContainer.sniff(Data("RIFF\0\0\0\0WAVEfmt ".utf8)) == .mp4)
        #expect(VideoContainer.sniff(Data("RIFF".utf8)) == .mp4)
        #expect(VideoContainer.sniff(Data()) == .mp4)
    }

    @Test func resolvesOutPaths() throws {
        try withTemporaryDirectory { directory in
            let videos = directory.appending(path: "videos")
            #expect(VideoDestination.resolve(out: nil, videoDirectory: videos) == .directory(videos.standardizedFileURL))
            #expect(VideoDestination.resolve(out: directory.path, videoDirectory: videos).directory.path == directory.standardizedFileURL.path)
            let newDirectory = directory.path + "/new/"
            #expect(VideoDestination.resolve(out: newDirectory, videoDirectory: videos).directory.path == directory.path + "/new")
            let file = directory.path + "/clip.mp4"
            #expect(VideoDestination.resolve(out: file, videoDirectory: videos) == .file(URL(filePath: file)))
        }
    }

    @Test func candidatesNeverComeFromServerPaths() {
        let destination = VideoDestination.directory(URL(filePath: "/v", directoryHint: .isDirectory))
        #expect(destination.candidate(0, videoID: "1001", container: .avi).path == "/v/lyra-1001.avi")
        #expect(destination.candidate(2, videoID: "1001", container: .mp4).path == "/v/lyra-1001-2.mp4")
        #expect(destination.candidate(0, videoID: "../../etc/passwd", container: .mp4).path == "/v/lyra-etcpasswd.mp4")
        #expect(destination.candidate(0, videoID: "/", container: .mp4).path == "/v/lyra-video.mp4")
        let file = VideoDestination.file(URL(filePath: "/out/clip.final.mov"))
        #expect(file.candidate(0, videoID: "1", container: .avi).path == "/out/clip.final.mov")
        #expect(file.candidate(1, videoID: "1", container: .avi).path == "/out/clip.final-1.mov")
        #expect(VideoDestination.file(URL(filePath: "/out/clip")).candidate(3, videoID: "1", container: .avi).path == "/out/clip-3")
    }

    @Test(arguments: [true, false]) func placeNeverOverwrites(linking: Bool) throws {
        try withTemporaryDirectory { directory in
            let destination = VideoDestination.directory(directory)
            try Data("old".utf8).write(to: directory.appending(path: "lyra-5.avi"))
            try Data("old-1".utf8).write(to: directory.appending(path: "lyra-5-1.avi"))
            try FileManager.default.createDirectory(at: directory.appending(path: "lyra-5-2.avi"), withIntermediateDirectories: false)
            let staged = directory.appending(path: ".staged")
            try aviBytes.write(to: staged)
            let saved = try destination.place(staged, videoID: "5", linking: linking)
            #expect(saved.lastPathComponent == "lyra-5-3.avi")
            #expect(try Data(contentsOf: saved) == aviBytes)
            #expect(try Data(contentsOf: directory.appending(path: "lyra-5.avi")) == Data("old".utf8))
            #expect(!FileManager.default.fileExists(atPath: staged.path))
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
                == ["lyra-5-1.avi", "lyra-5-2.avi", "lyra-5-3.avi", "lyra-5.avi"])
        }
    }

    @Test func prepareRefusesMissingDirectoriesAndFiles() throws {
        try withTemporaryDirectory { directory in
            let nested = directory.appending(path: "a/b")
            #expect(throws: VideoError.unusableOutput(nested.path, reason: "no such directory")) {
                try VideoDestination.directory(nested).prepare()
            }
            #expect(!FileManager.default.fileExists(atPath: nested.path))
            try VideoDestination.directory(directory).prepare()
            let plain = directory.appending(path: "plain")
            try Data().write(to: plain)
            #expect(throws: VideoError.self) { try VideoDestination.directory(plain.appending(path: "x")).prepare() }
        }
    }
}
