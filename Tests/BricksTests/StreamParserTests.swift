@testable import Bricks
import BricksTestSupport
import Foundation
import Testing

// MARK: - Helpers

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// `stream` cut into chunks ending at `cuts` (positions, ascending).
private func split(_ stream: [UInt8], at cuts: [Int]) -> [ArraySlice<UInt8>] {
    var chunks: [ArraySlice<UInt8>] = []
    var start = 0
    for cut in cuts + [stream.count] {
        chunks.append(stream[start..<cut])
        start = cut
    }
    return chunks
}

/// `stream` cut into chunks of `size` bytes (the last one shorter).
private func chunks(_ stream: [UInt8], size: Int) -> [ArraySlice<UInt8>] {
    split(stream, at: Array(stride(from: size, to: stream.count, by: size)))
}

/// The events of a whole stream fed in the given chunks, `finish()` included.
private func events(
    _ chunks: [ArraySlice<UInt8>], parser: inout ServerSentEventParser
) throws -> [ServerSentEvent] {
    var events: [ServerSentEvent] = []
    for chunk in chunks { events += try parser.parse(chunk) }
    return events + (try parser.finish())
}

private func events(_ stream: [UInt8], chunkSize: Int? = nil) throws -> [ServerSentEvent] {
    var parser = ServerSentEventParser()
    return try events(chunks(stream, size: chunkSize ?? max(stream.count, 1)), parser: &parser)
}

private func events(_ text: String) throws -> [ServerSentEvent] { try events(bytes(text)) }

private func lines(_ chunks: [ArraySlice<UInt8>], splitter: inout LineSplitter) throws -> [String] {
    var lines: [Data] = []
    for chunk in chunks { lines += try splitter.parse(chunk) }
    lines += try splitter.finish()
    return lines.map { String(decoding: $0, as: UTF8.self) }
}

private func lines(_ text: String, chunkSize: Int? = nil) throws -> [String] {
    var splitter = LineSplitter()
    let stream = bytes(text)
    return try lines(chunks(stream, size: chunkSize ?? max(stream.count, 1)), splitter: &splitter)
}

/// A plain reading of the standard's rules, written independently of the parser (decode the whole
/// stream, then split and interpret it scalar by scalar), to compare the parser with.
private func referenceEvents(
    _ stream: [UInt8]
) -> (events: [ServerSentEvent], lastEventID: String, retry: Duration?) {
    var scalars = Array(String(decoding: stream, as: UTF8.self).unicodeScalars)
    if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
    var lines: [String] = []
    var current = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
        let scalar = scalars[index]
        if scalar == "\r" || scalar == "\n" {
            lines.append(String(current))
            current = String.UnicodeScalarView()
            if scalar == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" { index += 1 }
        } else {
            current.append(scalar)
        }
        index += 1
    }
    var events: [ServerSentEvent] = []
    var data = "", type = "", idBuffer = "", lastEventID = ""
    var retry: Duration?, pendingRetry: Duration?
    for line in lines {
        if line.isEmpty {
            lastEventID = idBuffer
            if !data.isEmpty {
                data.removeLast()
                events.append(ServerSentEvent(
                    event: type.isEmpty ? "message" : type, data: data,
                    id: lastEventID.isEmpty ? nil : lastEventID, retry: pendingRetry))
                pendingRetry = nil
            }
            data = ""
            type = ""
            continue
        }
        if line.hasPrefix(":") { continue }
        var name = line, value = ""
        if let colon = line.firstIndex(of: ":") {
            name = String(line[..<colon])
            value = String(line[line.index(after: colon)...])
            if value.hasPrefix(" ") { value.removeFirst() }
        }
        switch name {
        case "event": type = value
        case "data": data += value + "\n"
        case "id" where !value.unicodeScalars.contains("\u{0}"): idBuffer = value
        case "retry" where !value.isEmpty && value.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }):
            let milliseconds = Duration.milliseconds(Int64(value) ?? .max)
            retry = milliseconds
            pendingRetry = milliseconds
        default: break
        }
    }
    return (events, lastEventID, retry)
}

/// A stream using every rule: a BOM, each line end, comments, multi-line data, types, IDs (one
/// with a NUL), retries valid and not, unknown fields, multi-byte and invalid UTF-8, and a final
/// event that no blank line ends.
private let sampleStream: [UInt8] =
    [0xEF, 0xBB, 0xBF] + bytes(": welcome\r\nretry: 2500\r\n\r\nid: 1\nevent: tick\ndata: {\"n\": 1}\n\n")
    + bytes("data: Grüße, 日本 😀\rdata:second line\r\rid: 2\0x\ndata\n: comment\ndata:  two spaces\n\n")
    + bytes("foo: bar\nDATA: ignored\nevent\ndata: é\r\n\r\n")
    + bytes("data:") + [0xFF, 0xC3, 0x0A, 0x0A]
    + bytes("retry: 12x\nid: \nevent: last\ndata: 3\r\n\r\nid: 9\ndata: never dispatched\n")

private let sampleEvents = [
    ServerSentEvent(event: "tick", data: #"{"n": 1}"#, id: "1", retry: .milliseconds(2500)),
    ServerSentEvent(data: "Grüße, 日本 😀\nsecond line", id: "1"),
    ServerSentEvent(data: "\n two spaces", id: "1"),
    ServerSentEvent(data: "é", id: "1"),
    ServerSentEvent(data: "\u{FFFD}\u{FFFD}", id: "1"),
    ServerSentEvent(event: "last", data: "3"),
]

// MARK: - Server-sent events

/// The parsers of streamed response bodies: `--filter StreamParserTests` runs them all.
@Suite struct StreamParserTests {}

extension StreamParserTests {
    @Suite struct ServerSentEvents {
        // The examples of the WHATWG HTML standard, section "Server-sent events".

        @Test func stockTickerExample() throws {
            #expect(try events("data: YHOO\ndata: +2\ndata: 10\n\n") == [ServerSentEvent(data: "YHOO\n+2\n10")])
        }

        @Test func commentBlockIDsAndTheLastBlockWithoutABlankLine() throws {
            let stream = ": test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n"
            var parser = ServerSentEventParser()
            let result = try events(chunks(bytes(stream), size: 1), parser: &parser)
            #expect(result == [ServerSentEvent(data: "first event", id: "1"), ServerSentEvent(data: "second event")])
            #expect(parser.lastEventID == "")
            // The last block fires " third event" once a blank line ends it.
            #expect(try events(stream + "\n").last == ServerSentEvent(data: " third event"))
        }

        @Test func bareDataLinesAndAnUnfinishedLastBlock() throws {
            #expect(
                try events("data\n\ndata\ndata\n\ndata:") == [ServerSentEvent(data: ""), ServerSentEvent(data: "\n")])
        }

        @Test func dataWithAndWithoutASpaceAfterTheColon() throws {
            let test = ServerSentEvent(data: "test")
            #expect(try events("data:test\n\ndata: test\n\n") == [test, test])
        }

        @Test func eventTypes() throws {
            let stream = "event: add\ndata: 73857293\n\nevent: remove\ndata: 2153\n\nevent: add\ndata: 113411\n\n"
            #expect(try events(stream) == [
                ServerSentEvent(event: "add", data: "73857293"),
                ServerSentEvent(event: "remove", data: "2153"),
                ServerSentEvent(event: "add", data: "113411"),
            ])
            // The type lasts one block; an empty one means "message".
            #expect(
                try events("event: a\ndata: 1\n\ndata: 2\n\nevent:\ndata: 3\n\n").map(\.event)
                    == ["a", "message", "message"])
            // A block without data fires nothing, and its type does not carry over.
            #expect(try events("event: a\n\ndata: 1\n\n") == [ServerSentEvent(data: "1")])
        }

        @Test func commentsAreIgnored() throws {
            #expect(try events(": hello\n:\n\n: only comments\n\n") == [])
            #expect(try events(":a\ndata: 1\n: between\ndata: 2\n:\n\n") == [ServerSentEvent(data: "1\n2")])
        }

        @Test func fieldNamesAndValues() throws {
            #expect(try events("data: a:b: c\n\n") == [ServerSentEvent(data: "a:b: c")])
            #expect(try events("data:\tx \n\n") == [ServerSentEvent(data: "\tx ")])
            #expect(try events("foo: bar\nDATA: no\nData: no\ndata : no\n data: no\n\n") == [])
            #expect(try events("data\n\n") == [ServerSentEvent(data: "")])
            #expect(try events("data:\n\n") == [ServerSentEvent(data: "")])
        }

        // MARK: Line ends, chunking, decoding

        @Test(arguments: ["\n", "\r", "\r\n"])
        func eachLineEnd(end: String) throws {
            let stream = ["id: 4", "event: e", "data: a", "data: b", "", ": c", "data: c", "", "data: d"]
                .joined(separator: end)
            let expected = [ServerSentEvent(event: "e", data: "a\nb", id: "4"), ServerSentEvent(data: "c", id: "4")]
            for size in 1...stream.utf8.count {
                #expect(try events(bytes(stream), chunkSize: size) == expected)
            }
        }

        @Test func mixedLineEnds() throws {
            #expect(try events("data: 1\rdata: 2\r\ndata: 3\n\r\r\ndata: 4\n\r") == [
                ServerSentEvent(data: "1\n2\n3"), ServerSentEvent(data: "4"),
            ])
            // CR LF is one line end, LF CR two.
            #expect(
                try events("data: 1\n\rdata: 2\r\n\r\n") == [ServerSentEvent(data: "1"), ServerSentEvent(data: "2")])
        }

        @Test func crlfSplitAcrossChunks() throws {
            var parser = ServerSentEventParser()
            #expect(try parser.parse(bytes("data: a\r")) == [])
            #expect(try parser.parse([UInt8]()) == [])
            #expect(try parser.parse(bytes("\ndata: b\r")) == [])
            #expect(try parser.parse(bytes("\n\r")) == [ServerSentEvent(data: "a\nb")])
            #expect(try parser.parse(bytes("\ndata: c\r")) == [])
            // A CR then a CR: two line ends, so the second one dispatches.
            #expect(try parser.parse(bytes("\r")) == [ServerSentEvent(data: "c")])
        }

        @Test func byteOrderMark() throws {
            let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
            #expect(try events(bom + bytes("data: a\n\n")) == [ServerSentEvent(data: "a")])
            #expect(try events(bom + bytes("\ndata: a\n\n")) == [ServerSentEvent(data: "a")])
            // Only one, and only at the start: otherwise it is part of the field name.
            #expect(try events(bom + bom + bytes("data: a\n\n")) == [])
            #expect(try events(bytes("data: a\n\n") + bom + bytes("data: b\n\n")) == [ServerSentEvent(data: "a")])
            // In a value it is kept.
            #expect(try events(bytes("data: ") + bom + bytes("\n\n")) == [ServerSentEvent(data: "\u{FEFF}")])
            // Split over chunks.
            var parser = ServerSentEventParser()
            let result = try events([[0xEF], [0xBB], [0xBF, 0x64], bytes("ata: a\n\n")[...]], parser: &parser)
            #expect(result == [ServerSentEvent(data: "a")])
        }

        @Test func invalidUTF8BecomesReplacementCharacters() throws {
            let stream = bytes("data: ") + [0xFF, 0x41, 0xC3] + bytes("\nevent: ") + [0xE2, 0x82] + bytes("\n\n")
            #expect(try events(stream) == [ServerSentEvent(event: "\u{FFFD}", data: "\u{FFFD}A\u{FFFD}")])
            // A multi-byte character split over chunks is decoded whole.
            var parser = ServerSentEventParser()
            #expect(try events([bytes("data: ")[...], [0xF0, 0x9F], [0x98], [0x80, 0x0A, 0x0A]], parser: &parser)
                == [ServerSentEvent(data: "😀")])
        }

        @Test func everySplitOfTheSampleGivesTheSameEvents() throws {
            #expect(try events(sampleStream) == sampleEvents)
            for cut in 0...sampleStream.count {
                var parser = ServerSentEventParser()
                #expect(try events(split(sampleStream, at: [cut]), parser: &parser) == sampleEvents, "cut at \(cut)")
            }
            for size in 1...sampleStream.count {
                var parser = ServerSentEventParser()
                let result = try events(chunks(sampleStream, size: size), parser: &parser)
                #expect(result == sampleEvents, "chunks of \(size)")
                #expect(parser.lastEventID == "")
                #expect(parser.reconnectionTime == .milliseconds(2500))
            }
        }

        @Test func acceptsDataAndNonContiguousChunks() throws {
            var parser = ServerSentEventParser()
            #expect(try parser.parse(Data("data: a\n".utf8)) == [])
            #expect(try parser.parse(bytes("data: b\n\n").lazy.map { $0 }) == [ServerSentEvent(data: "a\nb")])
        }

        @Test func randomStreamsMatchAPlainReadingOfTheRules() throws {
            let pieces: [[UInt8]] = [
                "data", "data:", "data: ", "event:", "event: ", "id:", "id: ", "retry:", "retry: ", ":", " ", "x",
                "7", "42", "é", "😀", "\u{0}", "\u{FEFF}", "\r", "\n", "\r\n", "\n\n", "\r\r", "\t", "Data",
            ].map(bytes) + [[0xFF], [0xC3], [0xE2, 0x82], [0xEF, 0xBB, 0xBF]]
            let seed = SeededGenerator.seed()
            var random = SeededGenerator(seed: seed)
            for _ in 0..<300 {
                let stream = (0..<Int.random(in: 0...40, using: &random))
                    .flatMap { _ in pieces.randomElement(using: &random) ?? [] }
                let cuts = (0..<Int.random(in: 0...6, using: &random))
                    .map { _ in Int.random(in: 0...stream.count, using: &random) }
                    .sorted()
                var parser = ServerSentEventParser()
                let result = try events(split(stream, at: cuts), parser: &parser)
                let expected = referenceEvents(stream)
                let context = Comment(rawValue: "seed \(seed), stream \(stream), cuts \(cuts)")
                #expect(result == expected.events, context)
                #expect(parser.lastEventID == expected.lastEventID, context)
                #expect(parser.reconnectionTime == expected.retry, context)
            }
        }

        // MARK: Fields

        @Test func retry() throws {
            var parser = ServerSentEventParser()
            #expect(try parser.parse(bytes("retry: 1500\n\n")) == [])
            #expect(parser.reconnectionTime == .milliseconds(1500))
            // A retry carries to the next event dispatched, and only to it.
            #expect(try parser.parse(bytes("data: a\n\nretry:0\ndata: b\n\ndata: c\n\n")) == [
                ServerSentEvent(data: "a", retry: .milliseconds(1500)),
                ServerSentEvent(data: "b", retry: .zero),
                ServerSentEvent(data: "c"),
            ])
            #expect(parser.reconnectionTime == .zero)
            // Anything but ASCII digits is ignored.
            for value in ["", " 10", "10 ", "-1", "+1", "1.5", "15x", "1e3", "١٢", "０"] {
                var parser = ServerSentEventParser()
                let result = try parser.parse(bytes("retry: \(value)\ndata: a\n\n"))
                #expect(result == [ServerSentEvent(data: "a")], "\(value)")
                #expect(parser.reconnectionTime == nil, "\(value)")
            }
            // Set as soon as it is read, even in an event that is then discarded.
            var unfinished = ServerSentEventParser()
            _ = try unfinished.parse(bytes("retry: 3000\ndata: a"))
            _ = try unfinished.finish()
            #expect(unfinished.reconnectionTime == .seconds(3))
            // Huge values saturate.
            var huge = ServerSentEventParser()
            _ = try huge.parse(bytes("retry: 99999999999999999999999999999999\n\n"))
            #expect(huge.reconnectionTime == .milliseconds(Int64.max))
        }

        @Test func idsPersistUntilReset() throws {
            var parser = ServerSentEventParser()
            #expect(try parser.parse(bytes("id: 7\ndata: a\n\ndata: b\n\nid\ndata: c\n\nid: 8\ndata: d\n\n")) == [
                ServerSentEvent(data: "a", id: "7"), ServerSentEvent(data: "b", id: "7"),
                ServerSentEvent(data: "c"), ServerSentEvent(data: "d", id: "8"),
            ])
            #expect(parser.lastEventID == "8")
        }

        @Test func idWithNULIsIgnored() throws {
            var parser = ServerSentEventParser()
            #expect(try parser.parse(bytes("id: 1\ndata: a\n\nid: 2\u{0}x\ndata: b\n\nid: \u{0}\n\n")) == [
                ServerSentEvent(data: "a", id: "1"), ServerSentEvent(data: "b", id: "1"),
            ])
            #expect(parser.lastEventID == "1")
        }

        @Test func idIsCommittedByABlankLineEvenWithoutData() throws {
            var parser = ServerSentEventParser()
            #expect(try parser.parse(bytes("id: 5\n\n")) == [])
            #expect(parser.lastEventID == "5")
            // Not by the end of the stream: the unfinished event is discarded with its ID.
            #expect(try parser.parse(bytes("id: 6\ndata: x\n")) == [])
            #expect(try parser.finish() == [])
            #expect(parser.lastEventID == "5")
        }

        @Test func finishPreparesForAReconnection() throws {
            var parser = ServerSentEventParser(lastEventID: "3")
            #expect(try parser.parse(bytes("data: a\n\nid: 4\ndata: b\n\nevent: x\ndata: lost\r")) == [
                ServerSentEvent(data: "a", id: "3"), ServerSentEvent(data: "b", id: "4"),
            ])
            #expect(try parser.finish() == [])
            #expect(parser.bufferedByteCount == 0)
            // The new body: its BOM is dropped, the ID carries on, and the discarded event left nothing.
            let resumed = try parser.parse([0xEF, 0xBB, 0xBF] + bytes("\ndata: c\n\n"))
            #expect(resumed == [ServerSentEvent(data: "c", id: "4")])
        }

        // MARK: Limits

        @Test func aTenMegabyteLineThrowsWithoutBufferingPastTheLimit() throws {
            let limit = ServerSentEventParser.defaultMaximumLineLength
            let chunk = [UInt8](repeating: 0x61, count: 64 << 10)
            var parser = ServerSentEventParser()
            _ = try parser.parse(bytes("data: "))
            var fed = 6
            var thrown: (any Error)?
            while fed < 10_000_000 {
                do {
                    _ = try parser.parse(chunk)
                } catch {
                    thrown = error
                    break
                }
                fed += chunk.count
                #expect(parser.bufferedByteCount <= limit)
            }
            #expect(thrown as? StreamFormatError == .serverSentEventLineTooLong(limit: limit))
            #expect(fed <= limit)
            #expect(parser.bufferedByteCount <= limit)
            #expect((thrown as? StreamFormatError)?.description
                == "a server-sent event line exceeded 1048576 bytes without a line end")
            // The error stays.
            let error = StreamFormatError.serverSentEventLineTooLong(limit: limit)
            #expect(throws: error) { try parser.parse(bytes("\n\n")) }
            #expect(throws: error) { try parser.finish() }
        }

        @Test func anEndlessLineThrowsOnceOverTheLimit() throws {
            for chunkSize in [1, 7, 1000] {
                var parser = ServerSentEventParser(maximumLineLength: 7000)
                for _ in 0..<(7000 / chunkSize) {
                    #expect(try parser.parse(repeatElement(0x3A, count: chunkSize)) == [])
                }
                #expect(parser.bufferedByteCount == 7000)
                #expect(throws: StreamFormatError.serverSentEventLineTooLong(limit: 7000)) {
                    try parser.parse(repeatElement(0x3A, count: chunkSize))
                }
                #expect(parser.bufferedByteCount == 7000)
            }
        }

        @Test func aLineAtTheLimitPasses() throws {
            let line = bytes("data: ") + [UInt8](repeating: 0x62, count: 94)
            for end in ["\n", "\r", "\r\n"] {
                let stream = line + bytes(end + end)
                for cut in 0...stream.count {
                    var parser = ServerSentEventParser(maximumLineLength: 100)
                    #expect(try events(split(stream, at: [cut]), parser: &parser).first?.data.count == 94)
                    var shorter = ServerSentEventParser(maximumLineLength: 99)
                    #expect(throws: StreamFormatError.serverSentEventLineTooLong(limit: 99)) {
                        try events(split(stream, at: [cut]), parser: &shorter)
                    }
                }
            }
        }

        @Test func eventSizeLimit() throws {
            var parser = ServerSentEventParser(maximumEventSize: 10)
            // 5 + a line feed + 4 bytes: exactly the limit.
            #expect(try parser.parse(bytes("data: 12345\ndata: 1234\n\n")) == [ServerSentEvent(data: "12345\n1234")])
            #expect(throws: StreamFormatError.serverSentEventTooLarge(limit: 10)) {
                try parser.parse(bytes("data: 12345\ndata: 12345\n\n"))
            }
            #expect(parser.bufferedByteCount <= 11)
            // Many short lines are bounded too.
            var many = ServerSentEventParser(maximumEventSize: 1000)
            #expect(throws: StreamFormatError.serverSentEventTooLarge(limit: 1000)) {
                for _ in 0..<2000 { _ = try many.parse(bytes("data\n")) }
            }
            #expect(StreamFormatError.serverSentEventTooLarge(limit: 10).description.contains("10 bytes"))
        }

        @Test func eventsBeforeAnErrorComeFirst() throws {
            var parser = ServerSentEventParser(maximumLineLength: 10)
            let result = try parser.parse(bytes("data: a\n\ndata: 0123456789\n\n"))
            #expect(result == [ServerSentEvent(data: "a")])
            #expect(throws: StreamFormatError.serverSentEventLineTooLong(limit: 10)) {
                try parser.parse(bytes("data: b\n\n"))
            }
        }

        @Test func aLongLineWithinTheLimitIsReadInLinearTime() throws {
            // 10 MB of data, fed 4 KB at a time: rescanning the buffered line per chunk would take
            // minutes (12 GB of reads); a linear parser takes well under a second.
            let size = 10_000_000
            let stream = bytes("data: ") + [UInt8](repeating: 0x63, count: size) + bytes("\n\n")
            let start = ContinuousClock.now
            var parser = ServerSentEventParser(maximumLineLength: 16 << 20, maximumEventSize: 16 << 20)
            let result = try events(chunks(stream, size: 4096), parser: &parser)
            #expect(result.count == 1)
            #expect(result.first?.data.utf8.count == size)
            #expect(ContinuousClock.now - start < .seconds(10))
        }
    }
}

// MARK: - Lines

extension StreamParserTests {
    @Suite struct Lines {
        @Test func lineEnds() throws {
            #expect(try lines("a\nb\r\nc") == ["a", "b", "c"])
            #expect(try lines("{\"n\": 1}\n{\"n\": 2}\n") == [#"{"n": 1}"#, #"{"n": 2}"#])
        }

        @Test func emptyLinesAreSkipped() throws {
            #expect(try lines("\n\r\n\na\n\n\r\nb\n\n") == ["a", "b"])
            #expect(try lines("") == [])
            #expect(try lines("\r\n") == [])
        }

        @Test func aLoneCRIsPartOfTheLineExceptAtTheEnd() throws {
            #expect(try lines("a\rb\n\rc\n") == ["a\rb", "\rc"])
            #expect(try lines("a\r\r\n") == ["a\r"])
            #expect(try lines("a\r") == ["a"])
            #expect(try lines("\r") == [])
        }

        @Test func crlfSplitAcrossChunks() throws {
            var splitter = LineSplitter()
            #expect(try splitter.parse(bytes("a\r")).isEmpty)
            #expect(try splitter.parse([UInt8]()).isEmpty)
            #expect(try splitter.parse(bytes("\nb\r")) == [Data("a".utf8)])
            #expect(try splitter.parse(bytes("x\n")) == [Data("b\rx".utf8)])
            #expect(try splitter.finish() == [])
        }

        @Test func aFinalLineWithoutALineEndComesAtFinish() throws {
            var splitter = LineSplitter()
            #expect(try splitter.parse(bytes("one\ntwo")) == [Data("one".utf8)])
            #expect(splitter.bufferedByteCount == 3)
            #expect(try splitter.finish() == [Data("two".utf8)])
            // Ready for another stream.
            #expect(try splitter.parse(bytes("three\n")) == [Data("three".utf8)])
        }

        @Test func everySplitGivesTheSameLines() throws {
            let stream = bytes("\u{FEFF}{\"a\": \"Grüße 😀\"}\r\n\n[1,\r2]\r\n\r\n  \n")
                + [0xFF, 0x0A] + bytes("last\r")
            let expected = ["\u{FEFF}{\"a\": \"Grüße 😀\"}", "[1,\r2]", "  ", "\u{FFFD}", "last"]
            for cut in 0...stream.count {
                var splitter = LineSplitter()
                #expect(try lines(split(stream, at: [cut]), splitter: &splitter) == expected, "cut at \(cut)")
            }
            for size in 1...stream.count {
                var splitter = LineSplitter()
                #expect(try lines(chunks(stream, size: size), splitter: &splitter) == expected, "chunks of \(size)")
            }
        }

        @Test func linesDecodeAsJSON() throws {
            struct Tick: Decodable, Equatable { var n: Int }
            var splitter = LineSplitter()
            var ticks: [Tick] = []
            for chunk in chunks(bytes("{\"n\":1}\n{\"n\":2}\r\n\n{\"n\":3}"), size: 5) {
                ticks += try splitter.parse(chunk).map { try JSONDecoder().decode(Tick.self, from: $0) }
            }
            ticks += try splitter.finish().map { try JSONDecoder().decode(Tick.self, from: $0) }
            #expect(ticks == [Tick(n: 1), Tick(n: 2), Tick(n: 3)])
        }

        @Test func aLineAtTheLimitPasses() throws {
            let line = String(repeating: "z", count: 100)
            for end in ["\n", "\r\n"] {
                let stream = bytes(line + end + "z\n")
                for cut in 0...stream.count {
                    var splitter = LineSplitter(maximumLineLength: 100)
                    #expect(try lines(split(stream, at: [cut]), splitter: &splitter) == [line, "z"], "cut at \(cut)")
                }
            }
        }

        @Test func aLineOverTheLimitThrows() throws {
            let stream = [UInt8](repeating: 0x7A, count: 101) + bytes("\r\n")
            for cut in 0...stream.count {
                var splitter = LineSplitter(maximumLineLength: 100)
                #expect(throws: StreamFormatError.lineTooLong(limit: 100)) {
                    try lines(split(stream, at: [cut]), splitter: &splitter)
                }
                #expect(splitter.bufferedByteCount <= 101)
            }
            #expect(
                StreamFormatError.lineTooLong(limit: 100).description
                    == "a line of the stream exceeded 100 bytes without a line end")
        }

        @Test func aTenMegabyteLineThrowsWithoutBufferingPastTheLimit() throws {
            let limit = LineSplitter.defaultMaximumLineLength
            let chunk = [UInt8](repeating: 0x61, count: 64 << 10)
            var splitter = LineSplitter()
            var fed = 0
            var thrown: (any Error)?
            while fed < 10_000_000 {
                do {
                    _ = try splitter.parse(chunk)
                } catch {
                    thrown = error
                    break
                }
                fed += chunk.count
                #expect(splitter.bufferedByteCount <= limit)
            }
            #expect(thrown as? StreamFormatError == .lineTooLong(limit: limit))
            #expect(fed <= limit)
            #expect(throws: StreamFormatError.lineTooLong(limit: limit)) { try splitter.finish() }
        }

        @Test func anEndlessLineThrowsOnceOverTheLimit() throws {
            var splitter = LineSplitter(maximumLineLength: 5000)
            for _ in 0..<5000 { #expect(try splitter.parse(CollectionOfOne(0x61)).isEmpty) }
            #expect(splitter.bufferedByteCount == 5000)
            #expect(throws: StreamFormatError.lineTooLong(limit: 5000)) { try splitter.parse(CollectionOfOne(0x61)) }
            #expect(splitter.bufferedByteCount == 5000)
        }

        @Test func theLargestLimitsDoNotOverflow() throws {
            var splitter = LineSplitter(maximumLineLength: .max)
            #expect(try splitter.parse(bytes("a\r")).isEmpty)
            #expect(try splitter.parse(bytes("\n")) == [Data("a".utf8)])
            var parser = ServerSentEventParser(maximumLineLength: .max, maximumEventSize: .max)
            #expect(try parser.parse(bytes("data: a\r\n\r\n")) == [ServerSentEvent(data: "a")])
        }

        @Test func linesBeforeAnErrorComeFirst() throws {
            var splitter = LineSplitter(maximumLineLength: 3)
            #expect(try splitter.parse(bytes("abc\nabcd\n")) == [Data("abc".utf8)])
            #expect(throws: StreamFormatError.lineTooLong(limit: 3)) { try splitter.parse(bytes("a\n")) }
        }

        @Test func aLongLineWithinTheLimitIsReadInLinearTime() throws {
            let size = 10_000_000
            let stream = [UInt8](repeating: 0x63, count: size) + bytes("\n")
            let start = ContinuousClock.now
            var splitter = LineSplitter(maximumLineLength: 16 << 20)
            let result = try lines(chunks(stream, size: 4096), splitter: &splitter)
            #expect(result.map(\.utf8.count) == [size])
            #expect(ContinuousClock.now - start < .seconds(10))
        }
    }
}
