import BenchmarkHarness

// bricks-bench: runs the benchmarks of Bricks, prints Markdown tables and writes the results as JSON.
// See Options for the command line. The loopback benchmarks need BRICKS_BENCH_SERVER_URL (run.sh starts
// a local nginx and sets it); BRICKS_BENCH_SWIFT_VERSION and BRICKS_BENCH_COMMIT, set by run.sh, go
// into the report. BlockingMain keeps the program runnable under valgrind.

BlockingMain.run { arguments in await Command.run(arguments) }
