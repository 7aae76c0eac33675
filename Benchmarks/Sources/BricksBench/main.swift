import Foundation

// bricks-bench: runs the benchmarks of Bricks, prints Markdown tables and writes the results as JSON.
// See Options for the command line. The loopback benchmarks need BRICKS_HTTPBIN_URL (run.sh starts a
// local httpbin and sets it); BRICKS_BENCH_SWIFT_VERSION and BRICKS_BENCH_COMMIT, set by run.sh, go
// into the report.
//
// The main thread waits on a semaphore instead of an async main: an async main parks the main
// thread in dispatch_main, whose sigsuspend crashes valgrind, and valgrind is how hot paths are
// profiled here.

nonisolated(unsafe) var status: Int32 = 0
let done = DispatchSemaphore(value: 0)
let arguments = Array(CommandLine.arguments.dropFirst())
Task.detached {
    status = await Command.run(arguments)
    done.signal()
}
done.wait()
exit(status)
