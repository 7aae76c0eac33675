import Foundation
import Testing

@testable import Bricks

/// What the fuzz targets (Fuzz/, scripts/fuzz.sh) found, each kept as the smallest input that
/// showed it. The reproducers themselves are seeds of their targets (Fuzz/Corpus/TARGET/regression-*).
@Suite struct FuzzRegressionTests {
    /// `head` target: a delta-seconds value with leading zeros was read from its first twelve
    /// characters, so `Age: 00000000001935668590` counted as 19 seconds.
    @Test func deltaSecondsWithLeadingZerosKeepsTheirValue() {
        #expect(DecimalDigits.deltaSeconds("00000000001935668590") == 1_935_668_590)
        #expect(DecimalDigits.deltaSeconds("000000000000000000000") == 0)
        #expect(DecimalDigits.deltaSeconds("0000000000002147483648") == Int64(Int32.max))
        #expect(DecimalDigits.deltaSeconds("99999999999999999999") == Int64(Int32.max))
        #expect(CacheControl("max-age=0000000000000060").maxAge == 60)
    }

    /// The same defect in the cache: a reply's `Age` with leading zeros made it look fresh.
    @Test func anAgeWithLeadingZerosMakesAReplyStale() throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let url = try #require(URL(string: "https://example.com/a"))
        let head = ResponseHead(
            statusCode: 200, headerFields: ["Cache-Control": "max-age=3600", "Age": "00000000000000007200"], url: url)
        let stored = StoredResponse(
            url: url.absoluteString, head: head, body: Data(), varied: [:], credentials: nil, requestTime: now,
            responseTime: now)
        #expect(stored.metadata.initialAge == 7200)
        #expect(!stored.isFresh(at: now))
    }

    /// `cache` target: an input took over a second, making date formatters for values that are
    /// no date (each costs milliseconds, far more under a sanitizer); and in a later run
    /// swift-corelibs-foundation's `DateFormatter` leaked 384 bytes reading a `Last-Modified` value
    /// with a stray character after `GMT`. Dates are now read by hand, in every format.
    @Test func httpDatesAreReadWithoutAFormatter() {
        for value in ["0", "-1", "Cache-C\"", "Accept:a  b", "Sun, 06 Nov 1994", String(repeating: "Nov 1:2:3 ", count: 10),
                      "Sun, 06 Nov 1994 08:49:37 GMT\u{FE61A}:99999949", "Sun, 06 Nov 1994 08:49:37 GMT\u{FE61A}"] {
            #expect(HTTPDate.parse(value) == nil, "\(value)")
        }
        let date = HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(date == Date(timeIntervalSince1970: 784_111_777))
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == date)
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994") == date)
        #expect(HTTPDate.parse("Sun Nov 06 08:49:37 1994") == date)
    }
    /// `range` target: out of memory after 300,000 inputs. swift-foundation's `Data(contentsOf:)`
    /// (Swift 6.3.1 on Linux) loses 4 KiB each time it reads an empty file, which the disk cache
    /// store did for an entry an interrupted write left empty. Files are now read by `FileContents`.
    @Test func anEmptyFileIsReadAsNoBytes() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bricks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let empty = directory.appendingPathComponent("empty")
        try Data().write(to: empty)
        #expect(try FileContents.read(empty) == Data())
        let some = directory.appendingPathComponent("some")
        let bytes = Data((0..<70_000).map { UInt8($0 % 251) })
        try bytes.write(to: some)
        #expect(try FileContents.read(some) == bytes)
        #expect(throws: (any Error).self) { try FileContents.read(directory.appendingPathComponent("missing")) }
    }

    /// `redaction` target: in free text (recordings' header values and JSON strings) a secret
    /// query value ended at a comma, which Bricks' own query encoding leaves in a value, so what
    /// followed the comma was written out.
    @Test func aSecretValueInTextRunsPastAComma() {
        let redaction = SecretRedaction(parameterNames: ["api_key"])
        #expect(redaction.redacting("see https://h/p?api_key=QQQv,wQQQ&page=2", in: .text)
            == "see https://h/p?api_key=REDACTED&page=2")
        #expect(redaction.redacting(#"<https://h/p?api_key=a,b>; rel="next", <https://h/p?page=2>"#, in: .text)
            == #"<https://h/p?api_key=REDACTED>; rel="next", <https://h/p?page=2>"#)
    }

    /// `redaction` target: a URL's password holding what reads as a secret pair lost its `@` to
    /// that pair's redaction, and then its beginning was written out. Where the two overlap, both
    /// are hidden as one (the host with them): more than needed, never less.
    @Test func aPasswordHoldingASecretPairIsHiddenWhole() {
        let redaction = SecretRedaction(parameterNames: ["token"])
        #expect(redaction.redacting(";token=x https://user:QQQ;token=x@example.com/x?", in: .text)
            == ";token=REDACTED https://user:REDACTED")
        #expect(redaction.redacting("https://user:p?token=x@example.com/", in: .query) == "https://user:REDACTED")
        #expect(redaction.redacting("https://user:pw@example.com/?token=x", in: .query)
            == "https://user:REDACTED@example.com/?token=REDACTED")
    }

    /// `redaction` target, after the fix above: a query value that reads as a URL with a password
    /// (`:` and `/` stay unencoded in a value) reached over the next pairs to a later `@`, and
    /// hid a secret pair's name but not the end of its value.
    @Test func aPasswordSpanningASecretPairHidesItsValueToo() {
        let redaction = SecretRedaction(parameterNames: ["refresh_token"])
        #expect(redaction.redacting("https://h/p?a=x://u:pass@%23&b=1&refresh_token=QQQss@%23QQQ&c=2", in: .query)
            == "https://h/p?a=x://u:REDACTED&c=2")
    }
}
