// The floor of `lyra -c /help` and of the idle REPL's memory in `make bench`: the smallest Swift
// program that uses Foundation, built as Lyra's release is (`swiftc -O -static-stdlib`). It prints a
// line and waits for one on stdin: at once gone with stdin at /dev/null, idle on a pseudo-terminal.
import Foundation

print("hello \(ProcessInfo.processInfo.processIdentifier > 0)")
_ = readLine()
