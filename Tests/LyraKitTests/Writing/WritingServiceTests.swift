// WritingService: the request it builds for each mode (exactly one mode, every SPEC §4 field on the
// wire), validation before sending, and how backend results and errors come back.
import Foundation
import Synchronization
import Testing
import LyraKit

/// A WritingBackend that records requests and answers with a canned result or error.
private final class RecordingWritingBackend: WritingBackend {
    private let received = Mutex<[AIWritingRequestDTO]>([])
    private let answer: Result<String, APIError>

    init(answer: Result<String, APIError>) { self.answer = answer }

    var requests: [AIWritingRequestDTO] { received.withLock { $0 } }

    func improveText(_ request: AIWritingRequestDTO) async throws -> AIWritingResponseDTO {
        received.withLock { $0.append(request) }
        return AIWritingResponseDTO(resultText: try answer.get())
    }
}

/// The request body as a JSON object, decoded with JSONSerialization (independent of the DTO).
private func wireObject(_ request: AIWritingRequestDTO) throws -> [String: Any] {
    let data = try JSONEncoder().encode(request)
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
}

/// The names of the mode fields that are set on the wire: a `true` flag or a non-null string.
private func setModes(_ object: [String: Any]) -> [String] {
    ["improve", "rewrite", "fix_grammar", "shorten", "translate_to", "style"].filter { key in
        if let flag = object[key] as? Bool { return flag }
        return object[key] is String
    }
}

@Suite struct WritingServiceTests {
    static let modes: [(WritingMode, String)] = [
        (.improve, "improve"), (.rewrite, "rewrite"), (.grammar, "fix_grammar"), (.shorten, "shorten"),
        (.translate("de"), "translate_to"), (.style("formal"), "style"),
    ]

    @Test(arguments: modes)
    func eachModeSetsExactlyOneFieldAndSendsEveryField(mode: WritingMode, field: String) async throws {
        let backend = RecordingWritingBackend(answer: .success("Done."))
        let result = try await WritingService(backend: backend).apply(mode, to: "some text")
        let request = try #require(backend.requests.first)
        let object = try wireObject(request)
        #expect(Set(object.keys) == ["text", "improve", "rewrite", "fix_grammar", "shorten", "translate_to", "style"])
        #expect(object["text"] as? String == "some text")
        #expect(setModes(object) == [field])
        #expect(object["translate_to"] is NSNull || field == "translate_to")
        #expect(object["style"] is NSNull || field == "style")
        #expect(result == WritingResult(original: "some text", mode: mode, text: "Done."))
    }

    @Test func languageAndStyleAreTrimmedAndTextIsSentUnchanged() throws {
        let text = "  leading and trailing  \n\n"
        let translate = try WritingService.request(text: text, mode: .translate(" de "))
        #expect(translate.translateTo == "de")
        #expect(translate.text == text)
        #expect(try WritingService.request(text: "x", mode: .style("\tformal\n")).style == "formal")
    }

    @Test func blankTextAndMissingValuesAreRefusedBeforeSending() async throws {
        let backend = RecordingWritingBackend(answer: .success("unused"))
        let service = WritingService(backend: backend)
        await #expect(throws: WritingError.emptyText) { try await service.apply(.improve, to: " \n\t ") }
        await #expect(throws: WritingError.missingLanguage) { try await service.apply(.translate("  "), to: "hi") }
        await #expect(throws: WritingError.missingStyle) { try await service.apply(.style(""), to: "hi") }
        #expect(backend.requests.isEmpty)
        #expect(WritingError.missingLanguage.errorDescription?.contains("--translate needs a language") == true)
    }

    @Test func backendErrorsPassThrough() async throws {
        let backend = RecordingWritingBackend(answer: .failure(.subscriptionRequired))
        await #expect(throws: APIError.subscriptionRequired) {
            try await WritingService(backend: backend).apply(.shorten, to: "Some text.")
        }
        #expect(backend.requests.count == 1)
    }

    @Test func aCancelledTaskSendsNothing() async throws {
        let backend = RecordingWritingBackend(answer: .success("unused"))
        let service = WritingService(backend: backend)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await service.apply(.improve, to: "hello")
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(backend.requests.isEmpty)
    }

    @Test func largeTextIsSentIntact() async throws {
        let text = String(repeating: "Ünïcödé line with 日本語 and 🎉.\n", count: 4_000)
        #expect(text.utf8.count > 100_000)
        let backend = RecordingWritingBackend(answer: .success("ok"))
        _ = try await WritingService(backend: backend).apply(.grammar, to: text)
        #expect(backend.requests.first?.text == text)
    }

    @Test func progressLabelsNameTheMode() {
        #expect(WritingMode.translate("ja").progressLabel == "translating to ja")
        #expect(WritingMode.grammar.progressLabel == "fixing grammar")
    }
}
