// Composing text in the user's editor ($VISUAL, else $EDITOR, else vi) for Ctrl-X Ctrl-E and /edit:
// a private temporary file (mkstemp, mode 0600) in $TMPDIR, removed afterwards (and swept later when
// a killed Lyra could not remove it: ExternalEditor+Sweep).
import CLineEdit
import Foundation

/// Why the editor could not give back a text.
public enum ExternalEditorError: Error, Equatable, LocalizedError {
    /// The temporary file could not be made, written or read.
    case temporaryFile(String)
    /// The editor could not be started.
    case launchFailed(command: String, reason: String)
    /// The editor ended with a non-zero status; its text is not used.
    case failed(command: String, status: Int32)

    public var errorDescription: String? {
        switch self {
        case .temporaryFile(let reason): return "cannot use a temporary file for the editor: \(reason)"
        case .launchFailed(let command, let reason): return "cannot start the editor '\(command)': \(reason)"
        case .failed(let command, let status): return "the editor '\(command)' exited with status \(status); nothing changed"
        }
    }
}

/// The user's editor, split into words like a shell would (`EDITOR="code --wait"`).
public struct ExternalEditor: Sendable, Equatable {
    /// The program and its arguments; the file name is appended.
    public var command: [String]
    /// Where the temporary file is made.
    public var temporaryDirectory: String
    /// The largest text read back (SPEC §10 line limit).
    static let maximumBytes = 16 << 20

    /// An editor running `command` with files in `temporaryDirectory`.
    public init(command: [String], temporaryDirectory: String) {
        self.command = command
        self.temporaryDirectory = temporaryDirectory
    }

    /// `$VISUAL`, else `$EDITOR`, else `vi`; temporary files in `$TMPDIR`, else `/tmp`.
    public static func resolve(environment: [String: String]) -> ExternalEditor {
        let chosen = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }
            .map { (try? ArgumentSplitter.split($0).map(\.text)) ?? [] }
            .first { !$0.isEmpty }
        let directory = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return ExternalEditor(command: chosen ?? ["vi"], temporaryDirectory: directory)
    }

    /// Opens `text` in the editor and returns what was saved, without trailing line breaks.
    /// Blocks until the editor exits: call it off the cooperative pool.
    /// - Throws: `ExternalEditorError`; the temporary file is removed in every case.
    public func edit(_ text: String) throws(ExternalEditorError) -> String {
        sweepStaleFiles()
        let path = try makeTemporaryFile(containing: text)
        defer { unlink(path) }
        var arguments = (command + [path]).map { strdup($0) }
        arguments.append(nil)
        defer { arguments.forEach { free($0) } }
        let status = cle_spawn_and_wait(arguments, nil, nil, 0, 0)
        let name = command.joined(separator: " ")
        if status < 0 { throw .launchFailed(command: name, reason: String(cString: strerror(errno))) }
        if status == 127 { throw .launchFailed(command: name, reason: "command not found") }
        if status != 0 { throw .failed(command: name, status: status) }
        return try readBack(path).trimmingTrailingNewline()
    }

    /// Creates the file with mkstemps (mode 0600, never an existing file) and writes `text` into it.
    private func makeTemporaryFile(containing text: String) throws(ExternalEditorError) -> String {
        // The process id in the name lets a later Lyra tell a file left by a killed one (swept) from
        // one another Lyra is editing right now (kept).
        var template = Array((temporaryDirectory + "/\(Self.filePrefix)\(getpid())-XXXXXX.md").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemps($0, 3) } ?? -1
        }
        guard descriptor >= 0 else { throw .temporaryFile(String(cString: strerror(errno))) }
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: Data(text.utf8))
            try handle.close()
        } catch {
            unlink(path)
            throw .temporaryFile("cannot write \(path): \(error.localizedDescription)")
        }
        return path
    }

    private func readBack(_ path: String) throws(ExternalEditorError) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .temporaryFile("the editor removed \(path)") }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: Self.maximumBytes + 1)) ?? Data()
        guard data.count <= Self.maximumBytes else { throw .temporaryFile("the text is larger than 16 MiB") }
        return String(decoding: data, as: UTF8.self)
    }
}
