// The lyra executable: parse argv, build the dependencies, run. All behaviour lives in the libraries.
import Foundation
import LyraTerminal

let arguments = Array(CommandLine.arguments.dropFirst())
let environment = ProcessInfo.processInfo.environment
let options: LaunchOptions
do {
    options = try LaunchOptions.parse(arguments)
} catch {
    FileHandle.standardError.write(Data("lyra: \(error.localizedDescription)\n\(LaunchOptions.usage)\n".utf8))
    exit(ExitStatus.usage.rawValue)
}

switch options.action {
case .help:
    print(LaunchOptions.usage)
    exit(0)
case .version:
    print("lyra \(LyraApp.version)")
    exit(0)
default:
    let status = await LyraApp.run(options: options, environment: environment)
    exit(status.rawValue)
}
