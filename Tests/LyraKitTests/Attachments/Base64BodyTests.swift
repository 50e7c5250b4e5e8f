// The image parts of a request body (SPEC §13): a file read as base64 while the body is sent, in
// chunks of any size, equals Foundation's encoding; its announced length is exact.
import Foundation
import LyraTestSupport
import Testing
@testable import LyraKit

@Suite struct Base64BodyTests {
    @Test(arguments: [0, 1, 2, 3, 4, 5, 49_151, 49_152, 49_153, 200_001])
    func aFileReadAsBase64EqualsFoundationsEncoding(_ size: Int) throws {
        try withTemporaryDirectory { directory in
            var generator = SeededGenerator(seed: UInt64(size + 1))
            let bytes = Data((0 ..< size).map { _ in UInt8.random(in: 0 ... 255, using: &generator) })
            let file = directory.appending(path: "image.bin")
            try bytes.write(to: file)
            let body = HTTPRequestBody.parts([.bytes(Data("{\"url\":\"".utf8)), .base64File(path: file.path),
                                              .bytes(Data("\"}".utf8))])
            let expected = Data("{\"url\":\"".utf8) + Data(bytes.base64EncodedString().utf8) + Data("\"}".utf8)
            #expect(try body.length() == Int64(expected.count))
            for bufferSize in [1, 3, 7, 65_536] where size < 50_000 || bufferSize > 3 {
                #expect(try readWhole(body, bufferSize: bufferSize) == expected)
            }
        }
    }

    @Test func theAppProviderRefusesImages() async throws {
        let config = try APIConfig(baseURL: URL(string: "http://127.0.0.1:9")!, token: "tok", userID: "u",
                                   appID: "lyra.cli", locale: "en")
        let provider = AppChatProvider(backend: APIClient(config: config))
        await #expect(throws: AttachmentError.providerTakesNoImages(provider: "app")) {
            try await provider.checkImageInput(model: "")
        }
    }
}
