// Session references (SPEC §2): number from the list, id or unique id prefix, exact title.
import Foundation
import Testing
@testable import LyraKit

@Suite struct SessionReferenceTests {
    private let sessions: [SessionSummary] = [
        ("9F1C2A00-0000", "Trip plans"), ("9F1D0000-1111", "2"), ("ABCD1234-2222", "Taxes"), ("EEEE0000-3333", "Taxes"),
    ].enumerated().map { index, pair in
        SessionSummary(id: pair.0, title: pair.1, messageCount: index, createdAt: Date(timeIntervalSince1970: 0),
                       updatedAt: Date(timeIntervalSince1970: Double(100 - index)), fileName: pair.0 + ".json",
                       number: [7, 1, 3, 4][index])
    }

    private func resolve(_ reference: String) throws -> String {
        try SessionReference.resolve(reference, in: sessions).id
    }

    @Test func aNumberNamesTheSessionHoldingItNotAPositionInTheList() throws {
        #expect(try resolve("7") == "9F1C2A00-0000")
        #expect(try resolve("3") == "ABCD1234-2222")
        #expect(try resolve("1") == "9F1D0000-1111")
        // No session has number 2, so "2" is the title of the second session.
        #expect(try resolve("2") == "9F1D0000-1111")
        #expect(throws: SessionError.notFound(reference: "5")) { try resolve("5") }
    }

    @Test func idsMatchInAnyCaseAndByAUniquePrefix() throws {
        #expect(try resolve("abcd1234-2222") == "ABCD1234-2222")
        #expect(try resolve("abcd") == "ABCD1234-2222")
        #expect(try resolve("9F1C2") == "9F1C2A00-0000")
        #expect(throws: SessionError.self) { try resolve("9F1") }
        #expect(try resolve("9f1d0000-11") == "9F1D0000-1111")
    }

    @Test func exactTitlesMatchAndDuplicatesAreAmbiguous() throws {
        #expect(try resolve("Trip plans") == "9F1C2A00-0000")
        #expect(throws: SessionError.notFound(reference: "trip plans")) { try resolve("trip plans") }
        let error = #expect(throws: SessionError.self) { try resolve("Taxes") }
        guard case .ambiguous(_, let candidates)? = error else {
            Issue.record("expected ambiguous, got \(String(describing: error))")
            return
        }
        #expect(candidates == ["#3 (id ABCD1234)", "#4 (id EEEE0000)"])
    }

    @Test func unknownReferencesAndEmptyListsAreNotFound() {
        #expect(throws: SessionError.notFound(reference: "9")) { try resolve("9") }
        #expect(throws: SessionError.notFound(reference: "1")) { try SessionReference.resolve("1", in: []) }
        #expect(throws: SessionError.self) { try resolve("  ") }
    }
}
