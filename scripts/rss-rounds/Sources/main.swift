// Memory of rounds of concurrent GETs, through Bricks or through raw URLSession (Linux).
//
// Each round sends `concurrency` GETs at once (one task each) and waits for all of them; after
// each round it prints the resident set (VmRSS), its peak (VmHWM) and the thread count; with
// RSS_MALLOC_STATS=1 also glibc's malloc_stats() on stderr (per arena: bytes taken from the system,
// bytes in use). Run each client in a process of its own, against a local server:
//
//   source Benchmarks/Server/nginx.sh && bench_server_start       # or: source scripts/httpbin.sh; httpbin_start
//   swift build -c release --package-path scripts/rss-rounds --scratch-path .build-rss
//   .build-rss/release/rss-rounds bricks "$BRICKS_BENCH_SERVER_URL/json"      # Session on URLSessionTransport
//   .build-rss/release/rss-rounds raw "$BRICKS_BENCH_SERVER_URL/json"         # URLSession.data(for:)
//   RSS_TRIM=1 .build-rss/release/rss-rounds raw …       # malloc_trim(0) after each round, RSS again
//   MALLOC_ARENA_MAX=2 .build-rss/release/rss-rounds raw …   # fewer glibc arenas
//
// Arguments: client (bricks | raw), URL, rounds (default 30), concurrency (default 1000).
// Both clients use `URLSessionConfiguration.ephemeral` and nothing else.

import Bricks
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The GET the Bricks client sends: the whole URL, the body as it came.
struct Fetch: RequestContextType, DataResponseType {
    let baseURL: URL
    var path: String { "" }
}

/// A client under measurement: sends one GET and returns the body's size.
protocol Client: Sendable {
    func get() async throws -> Int
}

struct BricksClient: Client {
    let session: Session
    let endpoint: Fetch
    func get() async throws -> Int { try await session.send(endpoint).count }
}

struct RawClient: Client {
    let session: URLSession
    let request: URLRequest
    func get() async throws -> Int {
        let (data, response) = try await session.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw URLError(.badServerResponse) }
        return data.count
    }
}

/// The number in a field of /proc/self/status (KiB for the memory fields).
func status(_ field: String) -> Double {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return .nan }
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
        let value = line.dropFirst(field.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Double($0) }
        return value ?? .nan
    }
    return .nan
}

/// A glibc function found at run time (the Glibc module does not export malloc.h's extensions).
func glibc<Function>(_ name: String, as type: Function.Type) -> Function? {
    #if canImport(Glibc)
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
    return unsafeBitCast(symbol, to: type)
    #else
    return nil
    #endif
}

/// glibc's `malloc_trim(0)`: returns the free memory at the top of each heap, and free whole
/// pages inside them, to the system.
let mallocTrim = glibc("malloc_trim", as: (@convention(c) (Int) -> Int32).self)
/// glibc's `malloc_stats()`: per arena, the bytes taken from the system and those in use, on stderr.
let mallocStats = glibc("malloc_stats", as: (@convention(c) () -> Void).self)

func report(_ label: String) {
    print(label + String(
        format: " rss %.1f MiB, hwm %.1f MiB, threads %.0f",
        status("VmRSS") / 1024, status("VmHWM") / 1024, status("Threads")))
    if stats, let mallocStats {
        FileHandle.standardError.write(Data("== \(label)\n".utf8))
        mallocStats()
    }
}

let arguments = CommandLine.arguments
guard arguments.count >= 3, let url = URL(string: arguments[2]), ["bricks", "raw"].contains(arguments[1]) else {
    print("usage: rss-rounds bricks|raw URL [rounds] [concurrency]")
    exit(2)
}
let rounds = arguments.count > 3 ? Int(arguments[3]) ?? 30 : 30
let concurrency = arguments.count > 4 ? Int(arguments[4]) ?? 1000 : 1000
let trim = ProcessInfo.processInfo.environment["RSS_TRIM"] == "1"
let stats = ProcessInfo.processInfo.environment["RSS_MALLOC_STATS"] == "1"

let client: any Client
if arguments[1] == "bricks" {
    client = BricksClient(session: Session(transport: URLSessionTransport(configuration: .ephemeral)), endpoint: Fetch(baseURL: url))
} else {
    client = RawClient(session: URLSession(configuration: .ephemeral), request: URLRequest(url: url))
}

print("\(arguments[1]): \(rounds) rounds of \(concurrency) concurrent GET \(url.absoluteString)\(trim ? ", malloc_trim(0) after each" : "")")
report("start:   ")
let start = ContinuousClock.now
for round in 1...rounds {
    let roundStart = ContinuousClock.now
    let failures = await withTaskGroup(of: Bool.self) { group in
        for _ in 0..<concurrency {
            group.addTask { (try? await client.get()) == nil }
        }
        var failures = 0
        for await failed in group where failed { failures += 1 }
        return failures
    }
    let seconds = Double((ContinuousClock.now - roundStart).components.attoseconds) / 1e18
        + Double((ContinuousClock.now - roundStart).components.seconds)
    report(String(format: "round %2d (%.2f s, %d failed):", round, seconds, failures))
    if trim, let mallocTrim {
        _ = mallocTrim(0)
        report("  after malloc_trim:")
    }
}
print("total \(ContinuousClock.now - start)")
