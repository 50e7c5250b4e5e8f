// Waiting for Lyra's REPL prompt: keys sent before libedit reads again can land in the terminal's
// cooked mode (a Ctrl-D there is an end-of-file the editor never sees), so tests wait for it.
import Foundation

extension PseudoTerminalSession {
    /// Waits until `text` has appeared and a fresh `prompt` follows it.
    /// - Throws: `HarnessError.outputNotFound` with the output so far after `timeout`.
    public func awaitPrompt(after text: String, prompt: String = "›",
                            timeout: Duration = Watchdog.standard) async throws {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            let plain = plainOutput
            if let range = plain.range(of: text, options: .backwards), plain[range.upperBound...].contains(prompt) {
                return
            }
            guard ContinuousClock.now < deadline else {
                throw HarnessError.outputNotFound(needle: text + " … " + prompt, timeout: timeout, plainOutput: plain)
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}

extension PseudoTerminalSession {
    /// Waits until the terminal no longer echoes (the line editor is in its own mode again, e.g.
    /// after `fg`: keys sent while the terminal is still in the shell's cooked mode can be lost).
    /// - Throws: `HarnessError.outputNotFound` with the output so far after `timeout`.
    public func awaitEchoOff(timeout: Duration = Watchdog.standard) async throws {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while echoIsOn != false {
            guard ContinuousClock.now < deadline else {
                throw HarnessError.outputNotFound(needle: "(terminal echo off)", timeout: timeout, plainOutput: plainOutput)
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}
