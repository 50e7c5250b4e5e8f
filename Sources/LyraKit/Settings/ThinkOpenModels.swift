// The models known to begin their reply inside a thinking block that the chat template opened in
// the prompt (they send a lone `</think>`, SPEC §11). Learnt from their replies and kept in
// `$XDG_STATE_HOME/lyra/think-open`, one `PROVIDER:MODEL` a line, so that from their next reply on a
// script's stdout is exactly the answer.
import Foundation

/// The state file of models that open their thinking block in the prompt.
public struct ThinkOpenModels: Sendable {
    /// The file (`think-open` in Lyra's state directory).
    public let file: URL

    /// The list kept in `directories`' state directory.
    public init(directories: XDGDirectories) {
        file = directories.stateDirectory.appending(path: "think-open")
    }

    /// The models known to do it (`PROVIDER:MODEL`), as the file lists them now.
    public func load() -> Set<String> {
        Set(names())
    }

    /// Remembers `model`; a failure to write is not an error (the next reply learns it again).
    public func remember(_ model: String) {
        guard !model.contains("\n"), !names().contains(model) else { return }
        let text = (names() + [model]).suffix(200).joined(separator: "\n") + "\n"
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        try? AtomicFile.write(Data(text.utf8), to: file, mode: 0o600)
    }

    private func names() -> [String] {
        guard let data = try? Data(contentsOf: file), data.count < 1 << 20 else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
