// The demo backend's video templates: how long each photo stays on screen in the slideshow.

/// One template of `GET /pixverse/api/v1/get_templates/{appID}`.
struct VideoTemplate: Sendable, Equatable {
    let id: Int
    let name: String
    let description: String
    /// Seconds (= frames, at one frame per second) each photo is shown.
    let secondsPerPhoto: Int

    /// The templates the demo backend offers, ids 1…4.
    static let catalog: [VideoTemplate] = [
        VideoTemplate(id: 1, name: "Slideshow", description: "Each photo for two seconds", secondsPerPhoto: 2),
        VideoTemplate(id: 2, name: "Quick Cuts", description: "Each photo for one second", secondsPerPhoto: 1),
        VideoTemplate(id: 3, name: "Slow Memories", description: "Each photo for three seconds", secondsPerPhoto: 3),
        VideoTemplate(id: 4, name: "Postcard", description: "Each photo for four seconds", secondsPerPhoto: 4),
    ]

    /// The JSON object describing the template.
    var json: JSONValue {
        .object([
            ("id", .int(id)),
            ("name", .string(name)),
            ("description", .string(description)),
            ("preview_url", .null),
            ("min_photos", .int(1)),
            ("max_photos", .int(3)),
            ("seconds_per_photo", .int(secondsPerPhoto)),
        ])
    }
}
