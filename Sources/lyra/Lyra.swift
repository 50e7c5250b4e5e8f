// The lyra executable: builds the one dependency LyraTerminal does not link (the local backend for
// `serve` and `--demo`) and hands argv to the launcher. All behaviour lives in the libraries.
import LyraBackend
import LyraTerminal

/// The `lyra` program.
@main
struct Lyra {
    @MainActor
    static func main() {
        LyraLauncher { settings in
            var options = LocalBackendOptions(host: settings.host, port: settings.port)
            options.testRoutes = settings.testControls
            let backend = LocalBackend(options: options)
            return LocalServerHandle(url: try backend.start(), waitUntilStopped: backend.waitUntilStopped,
                                     stop: backend.stop)
        }.main(arguments: CommandLine.arguments)
    }
}
