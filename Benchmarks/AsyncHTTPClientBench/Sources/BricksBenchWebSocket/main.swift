import BenchmarkHarness

// bricks-bench-websocket: a Bricks WebSocket endpoint on AsyncHTTPClientTransport against a raw
// SwiftNIO NIOWebSocket client in the same run, on a SwiftNIO echo server in a process of its own
// (127.0.0.1): echo round trips and one-way streams of small JSON and 64 KiB binary messages
// (messages/s and client CPU per message, as ratios to the raw client), and the peak memory of a
// 1 GiB stream read slowly. Run it with `bash Benchmarks/run.sh --websocket` from the repository
// root; it writes Benchmarks/results/websocket.md.
//
//   bricks-bench-websocket [--quick] [--rounds N] [--markdown FILE]
//   bricks-bench-websocket serve                      # the server alone; prints its port
//   bricks-bench-websocket probe-memory bricks|raw PORT

BlockingMain.run { arguments in await WebSocketBench.run(arguments) }
