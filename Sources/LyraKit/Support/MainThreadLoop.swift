// The main thread's loop for scripts and one-shots, in place of Foundation's run loop: it runs the
// main actor's jobs (the main dispatch queue, drained as CoreFoundation's run loop drains it) and
// the jobs and timer of `WorkerThread.mainThread`, where the session store then runs, and waits in
// one `poll` on both. A scripted chat turn then crosses no thread between the script's line and the
// saved reply except the network's: the store's thread and its two wake-ups a turn are gone, and so
// are CFRunLoop's ten-odd system calls a wake-up.
import Foundation
import Synchronization

/// Serves the main thread for the rest of the process.
public enum MainThreadLoop {
    private static let running = Atomic(false)

    /// Whether the loop serves the main thread (then the session store may run there).
    public static var isRunning: Bool { running.load(ordering: .acquiring) }

    /// Runs the main actor's jobs and those of `WorkerThread.mainThread` on the calling (main)
    /// thread until the process exits.
    public static func run() -> Never {
        let line = WorkerThread.mainThread.mainThreadLine
        line.adoptCallingThread()
        running.store(true, ordering: .releasing)
        let mainQueuePort = dispatchMainQueuePort()
        var descriptors = [pollfd(fd: mainQueuePort, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: line.readDescriptor, events: Int16(POLLIN), revents: 0)]
        var drained = [UInt8](repeating: 0, count: 64)
        var counter: UInt64 = 0
        while true {
            dispatchMainQueueCallback(nil)
            if line.runReady().ran { continue }   // a job may have queued main-actor work: drain that first
            line.sleeping.store(true, ordering: .sequentiallyConsistent)
            // Anything added before `sleeping` was seen is found here; anything after writes the pipe.
            let (ran, deadline) = line.runReady()
            if ran {
                line.sleeping.store(false, ordering: .sequentiallyConsistent)
                continue
            }
            _ = poll(&descriptors, 2, timeout(until: deadline))
            line.sleeping.store(false, ordering: .sequentiallyConsistent)
            if descriptors[1].revents != 0 { _ = read(line.readDescriptor, &drained, drained.count) }
            if descriptors[0].revents != 0 { _ = read(mainQueuePort, &counter, 8) }
        }
    }

    /// `poll`'s timeout in milliseconds until `deadline` (rounded up; -1: none).
    private static func timeout(until deadline: DispatchTime?) -> Int32 {
        guard let deadline else { return -1 }
        let now = DispatchTime.now().uptimeNanoseconds
        guard deadline.uptimeNanoseconds > now else { return 0 }
        return Int32(clamping: (deadline.uptimeNanoseconds - now + 999_999) / 1_000_000)
    }
}

// libdispatch's interface for a run loop that drains the main queue (what CoreFoundation's run loop
// calls on Linux): the main queue's wake-up descriptor (an eventfd, written when work is queued), and
// the drain. Both are exported by libdispatch for CoreFoundation.
@_silgen_name("_dispatch_get_main_queue_port_4CF")
private func dispatchMainQueuePort() -> Int32

@_silgen_name("_dispatch_main_queue_callback_4CF")
private func dispatchMainQueueCallback(_ message: UnsafeMutableRawPointer?)
