// Reads the clipboard's image for `/paste` (SPEC §13): `wl-paste --type image/png` on Wayland, else
// `xclip -selection clipboard -t image/png -o`, the first found on PATH, run with a clean
// environment; its output is at most 20 MiB, and what it is is decided by its bytes afterwards.
import CLineEdit
import Foundation
import LyraKit

/// Why the clipboard gave no image.
public enum ClipboardImageError: Error, Equatable, LocalizedError {
    /// Neither tool is installed.
    case noTool
    /// The tool found no image on the clipboard (or could not reach it).
    case noImage(tool: String)
    /// The image is over the limit.
    case tooLarge(limit: Int)
    /// The tool could not be started.
    case cannotRun(tool: String, reason: String)

    public var errorDescription: String? {
        switch self {
        case .noTool:
            return "cannot paste an image: neither wl-paste (wl-clipboard) nor xclip is installed"
        case .noImage(let tool): return "the clipboard holds no image (\(tool) found none)"
        case .tooLarge(let limit): return "cannot paste the clipboard's image: larger than \(limit >> 20) MiB"
        case .cannotRun(let tool, let reason): return "cannot run \(tool): \(reason)"
        }
    }
}

/// The clipboard as a source of images.
public struct ClipboardImage: Sendable, Equatable {
    /// The tools tried, in order, with the arguments that make them print the clipboard's PNG.
    public static let tools: [[String]] = [
        ["wl-paste", "--type", "image/png"], ["xclip", "-selection", "clipboard", "-t", "image/png", "-o"],
    ]

    /// The tool to run (its absolute path first), or nil when none is installed.
    public var tool: [String]?
    /// The tool's environment: the display variables and nothing secret.
    public var toolEnvironment: [String: String]

    /// The clipboard for `environment`: the first tool found on its PATH.
    public init(environment: [String: String]) {
        tool = Clipboard.firstInstalled(of: Self.tools, environment: environment)
        toolEnvironment = environment.filter { Clipboard.passedVariables.contains($0.key) }
    }

    /// The clipboard's bytes as the tool printed them. Blocks until the tool exits.
    /// - Throws: `ClipboardImageError`.
    public func read(limit: Int = AttachmentReader.imageLimit) throws(ClipboardImageError) -> [UInt8] {
        guard let tool else { throw .noTool }
        let toolName = (tool[0] as NSString).lastPathComponent
        var arguments = tool.map { strdup($0) }
        arguments.append(nil)
        var environment = toolEnvironment.map { strdup("\($0.key)=\($0.value)") }
        environment.append(nil)
        defer {
            arguments.forEach { free($0) }
            environment.forEach { free($0) }
        }
        var buffer = [UInt8](repeating: 0, count: limit + 1)
        var length = 0
        let status = buffer.withUnsafeMutableBufferPointer { bytes in
            cle_spawn_and_capture(arguments, environment, bytes.baseAddress, bytes.count, &length)
        }
        if status < 0 { throw .cannotRun(tool: toolName, reason: String(cString: strerror(errno))) }
        if length > limit { throw .tooLarge(limit: limit) }
        guard status == 0, length > 0 else { throw .noImage(tool: toolName) }
        buffer.removeSubrange(length...)
        return buffer
    }
}
