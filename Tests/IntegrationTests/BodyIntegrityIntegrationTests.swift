import Bricks
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The hostile server's `/random`: pseudo-random bytes from a seed, with their CRC-32 in `X-CRC32`,
/// sent in writes of varied sizes.
private struct RandomBytes: RequestContextType, GETRequestType, DataResponseType {
    let baseURL: URL
    let seed: Int
    let count: Int
    var path: String { "/random" }
    var queryItems: [URLQueryItem] {
        [URLQueryItem(name: "bytes", value: "\(count)"), URLQueryItem(name: "seed", value: "\(seed)"),
         URLQueryItem(name: "piece", value: "20000")]
    }
    var timeoutInterval: TimeInterval { 300 }
}

/// Many bodies at once, streamed and whole, each compared with what the server sent: a transport
/// that kept a view of a receive buffer past the point its event loop reuses it for the next read
/// (SwiftNIO pools its receive buffers) would hand out bytes of a later read, and the checksums
/// would differ. The streamed readers pause now and then, so that the event loop reads ahead while
/// the earlier chunks are still being copied. Byte-exact, not timed: it passes as well on a busy
/// machine or under ThreadSanitizer, only slower.
@Suite(.serialized, .enabled(if: HostileServer.shouldRun, HostileServer.skipReason))
struct BodyIntegrityIntegrationTests {
    /// 2 rounds of 24 bodies of 256 KiB to 1 MiB, each read both ways at the same time.
    @Test func parallelBodiesArriveByteForByte() async throws {
        let base = try HostileServer.base()
        let session = Session(transport: TestTransport.make())
        var checked = 0
        for round in 0..<2 {
            let results = try await withThrowingTaskGroup(of: (seed: Int, Check).self) { group in
                for index in 0..<24 {
                    let seed = round * 1000 + index + 1
                    let count = 256 * 1024 + (seed * 7919) % (768 * 1024)
                    let endpoint = RandomBytes(baseURL: base, seed: seed, count: count)
                    group.addTask {
                        let whole = try await session.response(for: endpoint)
                        let sent = try #require(whole.head.headerFields["X-CRC32"].flatMap(UInt32.init), "no X-CRC32")
                        let received = CRC32.of(whole.value)
                        let check = Check(length: endpoint.count, sent: sent, received: received, count: whole.value.count)
                        return (seed, check)
                    }
                    group.addTask {
                        var crc = CRC32()
                        var count = 0
                        var chunks = 0
                        for try await chunk in session.bytes(of: endpoint) {
                            crc.update(chunk)
                            count += chunk.count
                            chunks += 1
                            // Now and then a slow reader: the event loop reads on meanwhile.
                            if chunks % 4 == 0 { try await Task.sleep(for: .milliseconds(2)) }
                        }
                        // The same seed's head, for the checksum the server computed.
                        let head = try await session.response(for: HeadOf(endpoint)).head
                        let sent = try #require(head.headerFields["X-CRC32"].flatMap(UInt32.init), "no X-CRC32")
                        return (seed, Check(length: endpoint.count, sent: sent, received: crc.value, count: count))
                    }
                }
                return try await group.reduce(into: [(seed: Int, Check)]()) { $0.append($1) }
            }
            #expect(results.count == 48)
            for (seed, check) in results {
                #expect(check.count == check.length, "seed \(seed): \(check.count) bytes, \(check.length) sent")
                #expect(
                    check.received == check.sent, "seed \(seed): CRC-32 \(check.received), \(check.sent) sent")
            }
            checked += results.count
        }
        #expect(checked == 96)
    }

    /// The checksum itself, on the standard check value, so that a wrong implementation cannot
    /// agree with the server by accident.
    @Test func crc32MatchesTheStandardCheckValue() {
        #expect(CRC32.of(Data("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.of(Data()) == 0)
    }
}

private struct Check: Sendable {
    let length: Int
    let sent: UInt32
    let received: UInt32
    let count: Int
}

/// A HEAD request for another endpoint's URL.
private struct HeadOf: RequestContextType, HEADRequestType, EmptyResponseType {
    let baseURL: URL
    let path: String
    let queryItems: [URLQueryItem]
    init(_ endpoint: RandomBytes) {
        baseURL = endpoint.baseURL
        path = endpoint.path
        queryItems = endpoint.queryItems
    }
}

/// CRC-32 (IEEE 802.3, reflected, as zlib's `crc32`), the checksum the server sends.
private struct CRC32 {
    private static let table: [UInt32] = (0..<256).map { byte in
        var value = UInt32(byte)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }
    private var state: UInt32 = 0xFFFF_FFFF

    mutating func update(_ data: Data) {
        let table = Self.table
        var state = self.state
        data.withUnsafeBytes { bytes in
            for byte in bytes { state = table[Int((state ^ UInt32(byte)) & 0xFF)] ^ (state >> 8) }
        }
        self.state = state
    }

    var value: UInt32 { state ^ 0xFFFF_FFFF }

    static func of(_ data: Data) -> UInt32 {
        var crc = CRC32()
        crc.update(data)
        return crc.value
    }
}
