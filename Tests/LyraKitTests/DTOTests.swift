// Every DTO against the exact JSON shapes of SPEC §4 and §5: tolerant decoding (unknown fields,
// ids as numbers or strings), the writing request's single mode with nulls, and video phases.
import Foundation
import Testing
@testable import LyraKit

private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try JSONDecoder().decode(type, from: Data(json.utf8))
}

private func object(_ value: some Encodable) throws -> NSDictionary {
    let data = try JSONEncoder().encode(value)
    return try #require(JSONSerialization.jsonObject(with: data) as? NSDictionary)
}

@Suite struct ChatAndWritingDTOTests {
    @Test func chatReplyDecodesStringOrNumberIDsAndIgnoresExtras() throws {
        let reply = try decode(ChatReplyDTO.self, #"{"chat_id": "9f1c", "assistant_message": "Hello!", "tokens": 12}"#)
        #expect(reply == ChatReplyDTO(chatID: "9f1c", assistantMessage: "Hello!"))
        let numeric = try decode(ChatReplyDTO.self, #"{"chat_id": 77, "assistant_message": "Hi"}"#)
        #expect(numeric.chatID?.value == "77")
        #expect(try object(ChatMessageRequestDTO(message: "Hi")) == ["message": "Hi"])
    }

    @Test func chatRepliesOfUnusualShapesDecodeOrFailAsTheDecoderSays() throws {
        let spaced = #" { "chat_id" : null , "assistant_message" : "мир \u00e9\ud83d\ude42 \/ \n" , "extra" : [1, {"a": true}] } "#
        #expect(try decode(ChatReplyDTO.self, spaced) == ChatReplyDTO(chatID: nil, assistantMessage: "мир é🙂 / \n"))
        #expect(try decode(ChatReplyDTO.self, #"{"assistant_message":""}"#) == ChatReplyDTO(chatID: nil, assistantMessage: ""))
        #expect(try decode(ChatReplyDTO.self, #"{"assistant\u005fmessage":"x","chat_id":-1}"#)
                == ChatReplyDTO(chatID: FlexibleID(-1), assistantMessage: "x"))
        for text in [#"{"chat_id":"c"}"#, #"{"assistant_message":null}"#, #"{"assistant_message":5}"#,
                     #"{"chat_id":1.5,"assistant_message":"x"}"#, #"{"chat_id":true,"assistant_message":"x"}"#,
                     #"{"assistant_message":"x"} trailing"#, "[]", ""] {
            #expect(throws: DecodingError.self, "\(text)") { try decode(ChatReplyDTO.self, text) }
        }
        var invalidKey = Array(#"{"?":1,"assistant_message":"x"}"#.utf8)
        invalidKey[2] = 0xFF
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ChatReplyDTO.self, from: Data(invalidKey)) }
    }

    @Test func chatMessageBytesCarryAnyTextAsTheEncoderWould() throws {
        let texts = ["Hi", "", "a/b \"q\" \\ \n\t\r", "\u{0}\u{1F}\u{7F}", "line\u{2028}sep\u{2029}", "héllo 👋🏽",
                     String(repeating: "x", count: 5000)]
        for text in texts {
            let bytes = Data(ChatMessageRequestDTO(message: text).jsonBytes())
            #expect(try JSONDecoder().decode(ChatMessageRequestDTO.self, from: bytes).message == text)
            #expect(try JSONSerialization.jsonObject(with: bytes) as? [String: String] == ["message": text])
        }
    }

    @Test func writingRequestSetsExactlyOneModeAndNullsTheRest() throws {
        let improve = try object(AIWritingRequestDTO(text: "teh text", mode: .improve))
        #expect(improve == [
            "text": "teh text", "improve": true, "rewrite": false, "fix_grammar": false, "shorten": false,
            "translate_to": NSNull(), "style": NSNull(),
        ])
        let translate = try object(AIWritingRequestDTO(text: "t", mode: .translate("fr")))
        #expect(translate["translate_to"] as? String == "fr")
        #expect(translate["improve"] as? Bool == false)
        #expect(translate["style"] is NSNull)
        let modes: [WritingMode] = [.improve, .rewrite, .grammar, .shorten, .translate("de"), .style("formal")]
        for mode in modes {
            let request = AIWritingRequestDTO(text: "t", mode: mode)
            let flags = [request.improve, request.rewrite, request.fixGrammar, request.shorten,
                         request.translateTo != nil, request.style != nil]
            #expect(flags.filter { $0 }.count == 1)
            #expect(request.mode == mode)
        }
        #expect(try decode(AIWritingResponseDTO.self, #"{"result_text": "the text", "x": 1}"#).resultText == "the text")
    }
}

@Suite struct VideoDTOTests {
    @Test func templatesDecodeFromObjectOrBareArray() throws {
        let wrapped = try decode(TemplateListDTO.self, #"{"templates": [{"id": 1, "name": "Hug", "preview_url": "https://p/1.mp4", "weird": {}}]}"#)
        #expect(wrapped.templates == [VideoTemplateDTO(id: 1, name: "Hug", previewURL: "https://p/1.mp4")])
        let bare = try decode(TemplateListDTO.self, #"[{"id": "kiss", "name": "Kiss", "category": 5}, {"id": 3}]"#)
        #expect(bare.templates.map(\.id.value) == ["kiss", "3"])
        #expect(bare.templates[0].category == nil)
        #expect(bare.templates[1].name == "3")
        #expect(throws: DecodingError.self) { try decode(TemplateListDTO.self, #"{"items": []}"#) }
    }

    @Test func startResponseAndIDsRoundTrip() throws {
        let start = try decode(VideoStartResponseDTO.self, #"{"video_id": 123, "detail": "Success"}"#)
        #expect(start == VideoStartResponseDTO(videoID: 123, detail: "Success"))
        #expect(try object(start)["video_id"] as? Int == 123)
        #expect(try decode(VideoStartResponseDTO.self, #"{"video_id": "v-9"}"#).videoID.value == "v-9")
        #expect(throws: DecodingError.self) { try decode(VideoStartResponseDTO.self, #"{"video_id": 1.5}"#) }
    }

    @Test(arguments: [
        (#"{"status": "completed", "video_url": null}"#, VideoPhase.completed),
        (#"{"status": "SUCCESS"}"#, .completed),
        (#"{"status": "processing", "video_url": "https://v/1.mp4"}"#, .completed),
        (#"{"status": "failed", "video_url": "https://v/1.mp4", "error": "nsfw"}"#, .failed("nsfw")),
        (#"{"status": "generation_error"}"#, .failed(nil)),
        (#"{"status": "pending", "video_url": null}"#, .inProgress("pending")),
        (#"{"status": "generating", "video_url": ""}"#, .inProgress("generating")),
        (#"{"status": 5}"#, .inProgress("5")),
    ])
    func statusPhases(_ json: String, _ phase: VideoPhase) throws {
        #expect(try decode(VideoStatusDTO.self, json).phase == phase)
    }
}

@Suite struct ApphudDTOTests {
    static let customerJSON = #"""
    {"data": {"results": {"id": "c1", "user_id": "u1",
      "placements": [{"identifier": "main", "paywalls": [{"identifier": "pw", "items": [{"product_id": "lyra.weekly", "store": "x"}],
        "json": "{\"products\": [{\"product_id\": \"lyra.weekly\", \"price\": \"4.99\", \"currency\": \"USD\", \"period\": \"P1W\", \"checkout_url\": \"https://pay/1\"}, {\"product_id\": \"lyra.life\", \"price\": 49.99, \"currency\": \"USD\"}]}"}]}],
      "paywalls": [],
      "subscriptions": [{"product_id": "lyra.weekly", "status": "regular", "expires_at": "2026-12-06T10:00:00.000Z", "kind": "autorenewable"},
                        {"product_id": "lyra.old", "status": "expired", "expires_at": "2025-01-01T00:00:00Z"}]}}}
    """#

    @Test func customerResponseDecodesPlacementsPaywallsAndSubscriptions() throws {
        let customer = try decode(ApphudCustomerResponseDTO.self, Self.customerJSON).customer
        let paywall = try #require(customer.placement("main")?.paywalls.first)
        #expect(paywall.items.map(\.productID) == ["lyra.weekly"])
        let config = try paywall.config()
        #expect(config.products == [
            .init(productID: "lyra.weekly", price: "4.99", currency: "USD", period: "P1W", checkoutURL: "https://pay/1"),
            .init(productID: "lyra.life", price: "49.99", currency: "USD"),
        ])
        #expect(customer.subscriptions.map(\.isActive) == [true, false])
        #expect(customer.subscriptions[0].expiryDate == Date(timeIntervalSince1970: 1_796_551_200))
        #expect(customer.subscriptions[1].expiryDate == Date(timeIntervalSince1970: 1_735_689_600))
        #expect(customer.placement("other") == nil)
    }

    @Test func emptyCustomerAndBrokenConfig() throws {
        let customer = try decode(ApphudCustomerResponseDTO.self, #"{"data": {"results": {"placements": null}}}"#).customer
        #expect(customer == .init())
        let paywall = ApphudCustomerResponseDTO.Paywall(items: [], json: "{nope")
        #expect(throws: APIError.decodingError("the paywall config is not valid")) { try paywall.config() }
    }

    @Test func customerRequestHasTheSpecFields() throws {
        let body = try object(ApphudCustomerRequestDTO(apiKey: "k", userID: "u1", isDebug: true, locale: "en", timeZone: "UTC"))
        #expect(body == [
            "api_key": "k", "user_id": "u1", "device_id": "u1", "need_paywalls": true, "need_placements": true,
            "is_debug": true, "locale": "en", "time_zone": "UTC",
        ])
    }
}
