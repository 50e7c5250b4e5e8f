// Start-up floor for `make bench`: the smallest Swift program that loads Foundation (dynamically,
// as `swiftc -O` links by default) and uses it once.
import Foundation

print("hello \(ProcessInfo.processInfo.processIdentifier > 0)")
