// Photo checks before upload: count, existence, regular file, JPEG by content, 20 MiB limit;
// each refusal names the file and the reason.
import Foundation
import LyraKit
import Testing

@Suite struct PhotoValidatorTests {
    private func file(_ directory: URL, _ name: String, _ bytes: [UInt8]) throws -> String {
        let url = directory.appending(path: name)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// A sparse file of `size` bytes starting with the JPEG marker.
    private func sparseJPEG(_ directory: URL, size: Int64) throws -> String {
        let path = directory.appending(path: "big.jpg").path
        try Data([0xFF, 0xD8, 0xFF, 0xE0]).write(to: URL(filePath: path))
        #expect(truncate(path, off_t(size)) == 0)
        return path
    }

    @Test func acceptsOneToThreeJPEGs() throws {
        try withTemporaryDirectory { directory in
            let photo = try file(directory, "a.jpg", [0xFF, 0xD8, 0xFF, 0xDB, 1, 2])
            #expect(try PhotoValidator.check([photo]) == [URL(filePath: photo)])
            #expect(try PhotoValidator.check([photo, photo, photo]).count == 3)
        }
    }

    @Test func refusesWrongCounts() {
        #expect(throws: VideoError.photoCount(0)) { try PhotoValidator.check([]) }
        #expect(throws: VideoError.photoCount(4)) { try PhotoValidator.check(["a", "b", "c", "d"]) }
        #expect(VideoError.photoCount(4).errorDescription == "expected 1 to 3 photos, got 4")
    }

    @Test func refusesByContentNotByName() throws {
        try withTemporaryDirectory { directory in
            let png = try file(directory, "fake.jpg", [0x89, 0x50, 0x4E, 0x47])
            let short = try file(directory, "short.jpg", [0xFF, 0xD8])
            #expect(throws: VideoError.photoNotJPEG(png)) { try PhotoValidator.check([png]) }
            #expect(throws: VideoError.photoNotJPEG(short)) { try PhotoValidator.check([short]) }
            #expect(VideoError.photoNotJPEG("x/fake.jpg").errorDescription
                == "photo x/fake.jpg is not a JPEG (it does not start with FF D8 FF)")
        }
    }

    @Test func refusesMissingDirectoriesAndUnreadable() throws {
        try withTemporaryDirectory { directory in
            let missing = directory.appending(path: "nope.jpg").path
            #expect(throws: VideoError.photoMissing(missing)) { try PhotoValidator.check([missing]) }
            #expect(throws: VideoError.photoNotAFile(directory.path)) { try PhotoValidator.check([directory.path]) }
            let locked = try file(directory, "locked.jpg", [0xFF, 0xD8, 0xFF])
            try setPermissions(0, of: URL(filePath: locked))
            if getuid() != 0 {
                #expect(throws: VideoError.photoUnreadable(locked, reason: "Permission denied")) { try PhotoValidator.check([locked]) }
            }
        }
    }

    @Test func twentyMebibytesIsTheLimit() throws {
        try withTemporaryDirectory { directory in
            let exact = try sparseJPEG(directory, size: 20 << 20)
            #expect(try PhotoValidator.check([exact]).count == 1)
            let over = try sparseJPEG(directory, size: 21 << 20)
            #expect(throws: VideoError.photoTooLarge(over, bytes: 21 << 20)) { try PhotoValidator.check([over]) }
            #expect(VideoError.photoTooLarge("big.jpg", bytes: 21 << 20).errorDescription
                == "photo big.jpg is too large: 21.0 MiB (the limit is 20 MiB)")
        }
    }

    @Test func theFirstBadPhotoIsNamed() throws {
        try withTemporaryDirectory { directory in
            let good = try file(directory, "good.jpg", [0xFF, 0xD8, 0xFF])
            let bad = try file(directory, "bad.jpg", [0x00])
            #expect(throws: VideoError.photoNotJPEG(bad)) { try PhotoValidator.check([good, bad, good]) }
        }
    }
}
