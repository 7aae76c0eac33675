import BenchmarkHarness

// bricks-bench-ahc: the round trips of issue 9 — Session on AsyncHTTPClientTransport and on
// URLSessionTransport, raw AsyncHTTPClient and raw URLSession, in the same run — as a package of its
// own, so that bricks-bench never builds SwiftNIO. See Options for the command line. It needs
// BRICKS_BENCH_SERVER_URL (`run.sh --ahc` starts a local nginx and sets it); BRICKS_BENCH_SWIFT_VERSION and
// BRICKS_BENCH_COMMIT, set by run.sh, go into the report. BlockingMain keeps the program runnable
// under valgrind.

BlockingMain.run { arguments in await Command.run(arguments) }
