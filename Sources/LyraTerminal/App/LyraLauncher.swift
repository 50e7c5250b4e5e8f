// One `lyra` process from argv to exit status: the signal set-up, the actions that need no session
// (--help, --version, --completions, serve), the --demo backend, then LyraApp. The executable only calls `main`.
import Foundation
import LyraKit

/// Launches Lyra for the thin `lyra` executable; every launch decision lives here.
@MainActor
public struct LyraLauncher {
    /// Starts a local backend as `lyra serve` or `--demo` asks (port 0: a free one).
    public typealias StartServer = @Sendable (_ settings: ServeOptions) throws -> LocalServerHandle

    /// What is left to do once the command line is parsed and anything it asked to print is printed.
    enum Step {
        /// End the process with this status (help, version, completions, usage errors).
        case exit(ExitStatus)
        /// Wait for the started `lyra serve` backend, then end with success.
        case serve(LocalServerHandle)
        /// Run Lyra with these options and setting overrides; `demo` is the --demo backend, kept alive.
        case run(LaunchOptions, overrides: [SettingKey: String], demo: LocalServerHandle?)
    }

    private let startServer: StartServer
    private let output: (String) -> Void
    private let errors: (String) -> Void

    /// A launcher that prints to the standard streams (messages on stderr wrapped by words when
    /// it is a terminal).
    /// - Parameter startServer: starts the local backend for `serve` and `--demo`.
    public init(startServer: @escaping StartServer) {
        self.init(startServer: startServer,
                  output: { FileHandle.standardOutput.write(Data($0.utf8)) },
                  errors: { Console.forMessages().writeErrorMessage($0) })
    }

    /// A launcher that prints through `output` and `errors` (tests).
    init(startServer: @escaping StartServer, output: @escaping (String) -> Void, errors: @escaping (String) -> Void) {
        self.startServer = startServer
        self.output = output
        self.errors = errors
    }

    /// Runs the whole process for `arguments` (argv, the program name first) and exits with its status.
    public func main(arguments: [String]) -> Never {
        // Before any other thread exists: block SIGINT here so every thread inherits the block; only
        // the line editor's thread (REPL) or the interrupt monitor (scripts) takes Ctrl-C.
        InterruptMonitor.blockInterruptsInCurrentThread()
        // SIGTERM/SIGHUP likewise: one watcher thread restores the terminal and ends this process only.
        TerminationSignals.install()
        switch prepare(Array(arguments.dropFirst())) {
        case .exit(let status):
            exit(status.rawValue)
        case .serve(let server):
            server.waitUntilStopped()
            exit(ExitStatus.success.rawValue)
        case .run(let options, let overrides, let demo):
            run(options, overrides: overrides, keeping: demo)
        }
    }

    /// Parses `arguments` (without the program name), prints what they ask for and starts any backend.
    func prepare(_ arguments: [String]) -> Step {
        let options: LaunchOptions
        do {
            options = try LaunchOptions.parse(arguments)
        } catch {
            let usage = arguments.first == "serve" ? ServeOptions.usage : LaunchOptions.usage
            errors("lyra: \(error.localizedDescription)\n\(usage)\n")
            return .exit(.usage)
        }
        switch options.action {
        case .help:
            output(LaunchOptions.usage + "\n")
        case .serveHelp:
            output(ServeOptions.usage + "\n")
        case .version:
            output("lyra \(LyraApp.version)\n")
        case .manual:
            output(ManualPage.text(commands: CommandCatalog.standard()))
        case .completions(let shell):
            do {
                output(try ShellCompletion.script(for: shell))
            } catch {
                errors("lyra: \(error.localizedDescription)\n")
                return .exit(.usage)
            }
        case .serve(let settings):
            return serve(settings)
        default:
            return launch(options)
        }
        return .exit(.success)
    }

    private func serve(_ settings: ServeOptions) -> Step {
        do {
            let server = try startServer(settings)
            if let warning = settings.remoteWarning { errors(warning + "\n") }
            output("lyra: local backend listening on \(server.url.absoluteString)\n")
            return .serve(server.stoppingOnInterrupt())
        } catch {
            errors("lyra: \(error.localizedDescription)\n")
            return .exit(.usage)
        }
    }

    /// `--demo` starts the local backend on a free loopback port and points every setting at it.
    private func launch(_ options: LaunchOptions) -> Step {
        guard options.demo else { return .run(options, overrides: [:], demo: nil) }
        do {
            let demo = try startServer(ServeOptions(host: "127.0.0.1", port: 0))
            let url = demo.url.absoluteString
            let overrides: [SettingKey: String] = [
                .baseURL: url, .token: "demo-token", .apphudURL: url, .apphudAPIKey: "demo-apphud-key",
            ]
            return .run(options, overrides: overrides, demo: demo)
        } catch {
            errors("lyra: cannot start the demo backend: \(error.localizedDescription)\n")
            return .exit(.usage)
        }
    }

    private func run(_ options: LaunchOptions, overrides: [SettingKey: String], keeping demo: LocalServerHandle?) -> Never {
        Task { @MainActor in
            let status = await LyraApp.run(options: options, environment: ProcessInfo.processInfo.environment,
                                           overrides: overrides)
            withExtendedLifetime(demo) {}
            status.exitAtOnce()
        }
        // One main loop in every mode (REPL, scripts, one-shots). Not `dispatchMain()`: on Linux it
        // parks the main thread in `sigsuspend` with every signal unblocked, which would steal Ctrl-C
        // from libedit. The main run loop keeps the mask and still drains the main queue, where the
        // main actor runs.
        RunLoop.main.run()
        exit(ExitStatus.success.rawValue)
    }
}
