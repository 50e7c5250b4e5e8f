// MultipartFormData, checked by parsing its own output: parts, names, file names, content types,
// exact bytes, file parts streamed by path, and refusal of header-breaking names.
import Foundation
import Testing
@testable import LyraKit

@Suite struct MultipartFormDataTests {
    @Test func roundTripsTextAndFileParts() throws {
        try withTemporaryDirectory { root in
            let photo = root.appending(path: "p.jpg")
            let photoBytes = Data((0 ..< 150_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
            try photoBytes.write(to: photo)
            var form = MultipartFormData()
            try form.appendUTF8(name: "template_id", value: "42")
            try form.appendUTF8(name: "prompt", value: "Привет 🌍\r\nline two")
            try form.appendFile(name: "image", fileURL: photo, filename: "photo1.jpg", contentType: "image/jpeg")
            try form.appendData(Data([0xFF, 0xD8, 0xFF]), name: "image", filename: "photo2.jpg", contentType: "image/jpeg")

            let written = try form.encoded()
            // The transport's parts name the photo by path (streamed while sending, never copied).
            #expect(form.bodyParts().contains(.file(path: photo.standardizedFileURL.path)))
            #expect(try HTTPRequestBody.parts(form.bodyParts()).length() == Int64(written.count))
            let parts = try parseMultipart(written, boundary: form.boundary)
            #expect(parts.map(\.name) == ["template_id", "prompt", "image", "image"])
            #expect(parts[0].body == Data("42".utf8))
            #expect(parts[1].body == Data("Привет 🌍\r\nline two".utf8))
            #expect(parts[2].filename == "photo1.jpg")
            #expect(parts[2].headers["content-type"] == "image/jpeg")
            #expect(parts[2].body == photoBytes)
            #expect(parts[3].body == Data([0xFF, 0xD8, 0xFF]))
            #expect(form.contentType == "multipart/form-data; boundary=\(form.boundary)")
        }
    }

    @Test func boundariesAreFresh() {
        let first = MultipartFormData().boundary
        let second = MultipartFormData().boundary
        #expect(first != second)
        #expect(first.hasPrefix("lyra-") && first.count == 37)
    }

    @Test func refusesNamesThatWouldBreakHeaders() {
        var form = MultipartFormData()
        #expect(throws: MultipartFormData.FieldError.invalidHeaderValue("a\"b")) { try form.appendUTF8(name: "a\"b", value: "") }
        #expect(throws: MultipartFormData.FieldError.self) {
            try form.appendData(Data(), name: "image", filename: "x\r\nInjected: 1", contentType: "image/jpeg")
        }
    }

    @Test func missingFileIsAStorageErrorNamingIt() throws {
        var form = MultipartFormData()
        try form.appendFile(name: "image", fileURL: URL(filePath: "/nonexistent/p.jpg"), filename: "p.jpg", contentType: "image/jpeg")
        do {
            _ = try form.encoded()
            Issue.record("expected an error")
        } catch let error as StorageError {
            #expect(error.localizedDescription.contains("/nonexistent/p.jpg"))
        }
    }
}
