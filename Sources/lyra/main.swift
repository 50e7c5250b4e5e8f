// The lyra executable: parse argv, build the dependencies, run. All behaviour lives in the libraries.
import Foundation
import LyraBackend
import LyraKit
import LyraTerminal

/// Writes a line to stderr (the executable's only output besides what LyraTerminal prints).
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Starts the local backend on a free loopback port for `--demo` and points every setting at it.
func startDemoBackend() -> [SettingKey: String]? {
    let backend = LocalBackend(options: LocalBackendOptions(host: "127.0.0.1", port: 0))
    do {
        let url = try backend.start().absoluteString
        return [.baseURL: url, .token: "demo-token", .apphudURL: url, .apphudAPIKey: "demo-apphud-key"]
    } catch {
        printError("lyra: cannot start the demo backend: \(error.localizedDescription)")
        return nil
    }
}

// Before any other thread exists: block SIGINT here so every thread inherits the block; only the
// line editor's thread (REPL) or the interrupt monitor (scripts) takes Ctrl-C.
InterruptMonitor.blockInterruptsInCurrentThread()
// SIGTERM/SIGHUP likewise: one watcher thread restores the terminal and ends this process only.
TerminationSignals.install()

let options: LaunchOptions
do {
    options = try LaunchOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    printError("lyra: \(error.localizedDescription)\n\(LaunchOptions.usage)")
    exit(ExitStatus.usage.rawValue)
}

switch options.action {
case .help:
    print(LaunchOptions.usage)
case .version:
    print("lyra \(LyraApp.version)")
case .completions(let shell):
    do {
        FileHandle.standardOutput.write(Data(try ShellCompletion.script(for: shell).utf8))
    } catch {
        printError("lyra: \(error.localizedDescription)")
        exit(ExitStatus.usage.rawValue)
    }
case .serve(let host, let port):
    let backend = LocalBackend(options: LocalBackendOptions(host: host, port: port))
    do {
        let url = try backend.start()
        print("lyra: local backend listening on \(url.absoluteString)")
        fflush(nil)
        backend.waitUntilStopped()
    } catch {
        printError("lyra: \(error.localizedDescription)")
        exit(ExitStatus.usage.rawValue)
    }
default:
    var overrides: [SettingKey: String] = [:]
    if options.demo {
        guard let demo = startDemoBackend() else { exit(ExitStatus.usage.rawValue) }
        overrides = demo
    }
    // Not `dispatchMain()`: on Linux it parks the main thread in `sigsuspend` with every signal
    // unblocked, which would steal Ctrl-C from libedit. The main run loop keeps the mask and still
    // drains the main queue, where the main actor runs.
    Task { @MainActor in
        let status = await LyraApp.run(options: options, environment: ProcessInfo.processInfo.environment,
                                       overrides: overrides)
        exit(status.rawValue)
    }
    RunLoop.main.run()
}
