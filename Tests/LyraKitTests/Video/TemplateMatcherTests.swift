// Which template a TEMPLATE argument means: id, then name, then a unique name prefix.
import LyraKit
import Testing

@Suite struct TemplateMatcherTests {
    private let templates = [VideoTemplateDTO(id: 1, name: "Slideshow"), VideoTemplateDTO(id: 2, name: "Quick Cuts"),
                             VideoTemplateDTO(id: 3, name: "Slow Memories"), VideoTemplateDTO(id: "4", name: "Slow Motion"),
                             VideoTemplateDTO(id: "x9", name: "2")]

    @Test func matchesIdsFirst() throws {
        #expect(try TemplateMatcher.match("2", in: templates).name == "Quick Cuts")
        #expect(try TemplateMatcher.match("x9", in: templates).name == "2")
    }

    @Test func matchesNamesAndUniquePrefixesInAnyCase() throws {
        #expect(try TemplateMatcher.match("quick cuts", in: templates).id == 2)
        #expect(try TemplateMatcher.match("SLIDE", in: templates).id == 1)
        #expect(try TemplateMatcher.match("slow mo", in: templates).id == "4")
    }

    @Test func refusesAmbiguousAndUnknown() {
        #expect(throws: VideoError.ambiguousTemplate("slow", matches: ["3 (Slow Memories)", "4 (Slow Motion)"])) {
            try TemplateMatcher.match("slow", in: templates)
        }
        #expect(throws: VideoError.unknownTemplate("99")) { try TemplateMatcher.match("99", in: templates) }
        #expect(throws: VideoError.unknownTemplate(" ")) { try TemplateMatcher.match(" ", in: templates) }
        #expect(VideoError.unknownTemplate("99").errorDescription == "unknown template '99'")
        #expect(VideoError.unknownTemplate("99").advice == .listTemplates)
    }
}
