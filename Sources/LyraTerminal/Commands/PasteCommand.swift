// `/paste` (SPEC §13): attach the clipboard's image to the next message, read with `wl-paste` or
// `xclip`; says when there is no image or no tool.
import Foundation
import LyraKit

/// Attaches the clipboard's image.
public struct PasteCommand: Command {
    public let name = "paste"
    public let summary = "attach the clipboard's image to the next message"
    public let usage = "/paste"
    public let details = """
        Reads the clipboard's PNG image with wl-paste (Wayland) or xclip (X11), whichever is
        installed, and attaches it as /attach does.
        """

    /// The command.
    public init() {}

    /// Reads the clipboard and attaches its image.
    /// - Throws: `ClipboardImageError` (no tool, no image), `AttachmentError`, `StorageError`.
    @MainActor
    public func run(_ arguments: CommandArguments, context: CommandContext) async throws -> CommandResult {
        guard arguments.words.isEmpty else { throw CommandError.usage("usage: /paste") }
        let clipboard = ClipboardImage(environment: context.services.environment)
        let bytes = try await BlockingCall.run { try clipboard.read() }
        guard ImageHeaderReader.format(of: bytes) != nil else {
            throw ClipboardImageError.noImage(tool: (clipboard.tool?.first).map { ($0 as NSString).lastPathComponent } ?? "")
        }
        try AttachmentIntake.attach(bytes, name: "clipboard", context: context)
        return .proceed
    }
}
