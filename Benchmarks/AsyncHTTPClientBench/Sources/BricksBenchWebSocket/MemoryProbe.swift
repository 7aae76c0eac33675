import BenchmarkHarness
import Bricks
import BricksAsyncHTTPClient
import Foundation
import NIOCore
import NIOWebSocket

/// The peak memory of a 1 GiB one-way stream (16,384 binary messages of 64 KiB) read slowly: a
/// child process per client, so that the peak is this stream's alone.
enum MemoryProbe {
    static let argument = "probe-memory"
    static let count = 16_384
    /// The reader sleeps this long after every 4th message: about 4 s in all for 1 GiB, slower than
    /// loopback delivers it, so the client's buffers are what holds the difference.
    static let pause = Duration.milliseconds(1)

    /// In the child: streams with `client` ("bricks" or "raw") and prints "PEAK_KIB BASELINE_KIB SECONDS".
    static func probe(client: String, port: Int) async throws {
        let baseline = ResourceUsage.currentResidentKiB() ?? 0
        _ = ResourceUsage.resetPeakResident()
        let start = ContinuousClock.now
        var received = 0
        if client == "bricks" {
            let transport = AsyncHTTPClientTransport()
            let session = Session(transport: transport)
            let base = URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
            let query = [URLQueryItem(name: "kind", value: "binary"), URLQueryItem(name: "count", value: "\(count)")]
            let socket = try await session.connect(to: BlobSocket(baseURL: base, path: "/stream", queryItems: query))
            for try await blob in socket.messages {
                received += blob.count == Workload.binarySize ? 1 : 0
                if received % 4 == 0 { try await Task.sleep(for: pause) }
            }
            try await transport.shutdown()
        } else {
            let channel = try await RawNIOContender(port: port).connect("/stream?kind=binary&count=\(count)")
            try await channel.executeThenClose { inbound, outbound in
                for try await frame in inbound {
                    if frame.opcode == .connectionClose {
                        try await outbound.write(RawNIOContender.closeFrame)
                        break
                    }
                    received += frame.data.readableBytes == Workload.binarySize ? 1 : 0
                    if received % 4 == 0 { try await Task.sleep(for: pause) }
                }
            }
        }
        guard received == count else { throw BenchError("received \(received) of \(count) messages") }
        print(ResourceUsage.peakResidentKiB(), baseline, String(format: "%.2f", seconds(ContinuousClock.now - start)))
    }

    /// In the parent: runs the probe in a child process and reads its line.
    static func measure(client: String, port: Int) throws -> (peakMiB: Double, baselineMiB: Double, seconds: Double) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = [argument, client, "\(port)"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let fields = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        guard process.terminationStatus == 0, fields.count == 3 else {
            throw BenchError("the memory probe (\(client)) failed with status \(process.terminationStatus)")
        }
        return (fields[0] / 1024, fields[1] / 1024, fields[2])
    }
}
