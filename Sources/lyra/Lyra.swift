// The lyra executable: builds the one dependency LyraTerminal does not link (the local backend for
// `serve` and `--demo`) and hands argv to the launcher. All behaviour lives in the libraries.
import LyraBackend
import LyraTerminal

/// The `lyra` program.
@main
struct Lyra {
    @MainActor
    static func main() {
        LyraLauncher { host, port in
            let backend = LocalBackend(options: LocalBackendOptions(host: host, port: port))
            return LocalServerHandle(url: try backend.start(), waitUntilStopped: backend.waitUntilStopped)
        }.main(arguments: CommandLine.arguments)
    }
}
