@testable import Bricks
import BricksTestSupport
import Foundation
import Testing

/// `URLParts` takes a URL string apart on its contiguous bytes. It is compared here with the way
/// it did so before (through `String`'s views, kept below as the reference), on seeded random
/// strings and on the inputs whose order of checks matters: the same parts, or the same error
/// with the same words, for every combination of `trimmingPath` and `webSocket`.
/// Seeded: a failure names its seed, `BRICKS_PROPERTY_SEED` replays it.
@Suite struct URLPartsDifferentialTests {
    /// Inputs whose answer depends on which check comes first, and the edges of each part.
    static let chosen = [
        "", "http://", "HTTPS://", "ftp://h", "ws://a b", "ftp://a b", "https://a b@c", "https://:8 0",
        "https://:pw@h", "http://@host", "http://@", "http://:80", "https://h/é", "https://h/\t", "https://h/\u{7F}",
        "https://h///", "https://h/a//?q#f", "https://h?", "https://h?&&", "https://h?a&&b&", "https://h#?a=1",
        "https://h?a#b?c", "https://h/@me?u=a@b", "WSS://H:1/p", "wss://", "ws://h", "http://a.b/c?d",
        "https://api.example.com/v1/", "HTTP://Api.Example.com:8080/v1//?a=1&&b=%20#frag?x=1",
    ]

    @Test func chosenInputsAreTakenApartAsBefore() {
        var differences: [String] = []
        for string in Self.chosen { differences += Self.differences(for: string) }
        #expect(differences.count == 0, "\(differences.count) differences: \(differences.prefix(5))")
    }

    @Test func randomStringsAreTakenApartAsBefore() {
        let seed = SeededGenerator.seed()
        var generator = SeededGenerator(seed: seed)
        let prefixes = ["", "http://", "https://", "HTTPS://", "Http://", "ws://", "wss://", "WS://", "ftp://", "http:/"]
        let pieces = [
            "h", "a", "0", "H", "S", ":", "/", "?", "#", "@", "&", "%", ".", " ", "\t", "é", "//", "??", "&&",
            "api.example.com", "127.0.0.1:8080", "[::1]", "%20", "=", "+", "~",
        ]
        var differences: [String] = []
        for _ in 0..<3_000 {
            var string = prefixes.randomElement(using: &generator) ?? ""
            for _ in 0..<Int.random(in: 0...8, using: &generator) {
                // Now and then one of the property tests' hostile pieces (controls, emoji, surrogates).
                let source = Int.random(in: 0..<8, using: &generator) == 0 ? RandomStrings.pieces : pieces
                string += source.randomElement(using: &generator) ?? ""
            }
            differences += Self.differences(for: string)
        }
        #expect(differences.count == 0, "\(differences.count) differences: \(differences.prefix(5)) (seed \(seed))")
    }

    /// What differs between `URLParts` and the reference for `string`, under each option.
    private static func differences(for string: String) -> [String] {
        var found: [String] = []
        for trimmingPath in [false, true] {
            for webSocket in [false, true] {
                let expected = reference(string, trimmingPath: trimmingPath, webSocket: webSocket)
                let actual: Outcome
                do {
                    let parts = try URLParts(string, what: "baseURL", trimmingPath: trimmingPath, webSocket: webSocket)
                    actual = .parts(parts.scheme, parts.authority, parts.path, parts.query.map(String.init))
                } catch {
                    actual = .refused(Self.reason(of: error))
                }
                if actual != expected {
                    found.append("\(string.debugDescription) trimming \(trimmingPath) webSocket \(webSocket): \(actual) ≠ \(expected)")
                }
            }
        }
        return found
    }

    private enum Outcome: Equatable {
        case parts(String, String, String, [String])
        case refused(String)
    }

    private static func reason(of error: BricksError) -> String {
        if case .invalidURL(let why) = error.reason { return why }
        return "\(error)"
    }

    // MARK: The reference: URLParts.init as it was before it read contiguous bytes

    private static func reference(_ string: String, trimmingPath: Bool, webSocket: Bool) -> Outcome {
        let what = "baseURL"
        let utf8 = string.utf8
        let scheme: String
        let schemeLength: Int
        if hasPrefix(utf8, "https://") {
            (scheme, schemeLength) = ("https", 8)
        } else if hasPrefix(utf8, "http://") {
            (scheme, schemeLength) = ("http", 7)
        } else if let secure = hasPrefix(utf8, "wss://") ? true : hasPrefix(utf8, "ws://") ? false : nil {
            guard webSocket else {
                let http = (secure ? "https" : "http") + string.dropFirst(secure ? 3 : 2)
                return .refused(
                    "\(what) \"\(string)\" is a WebSocket URL, for a WebSocketEndpoint; an HTTP endpoint's starts with http:// or https:// (\"\(http)\")")
            }
            (scheme, schemeLength) = (secure ? "https" : "http", secure ? 6 : 5)
        } else {
            return .refused("\(what) \"\(string)\" must start with \(webSocket ? "ws://, wss://, " : "")http:// or https://")
        }
        if let bad = utf8.first(where: { !isURLByte($0) }) {
            let character = bad == UInt8(ascii: " ") ? "a space" : bad < 0x80 ? "the character \(Unicode.Scalar(bad).escaped(asASCII: true))" : "a character outside ASCII"
            return .refused(
                "\(what) \"\(string)\" contains \(character), which a URL cannot hold; percent-encode it (a space is %20)")
        }
        let authorityStart = utf8.index(utf8.startIndex, offsetBy: schemeLength)
        let authorityEnd =
            utf8[authorityStart...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
            ?? utf8.endIndex
        let authority = string[authorityStart..<authorityEnd]
        if authority.utf8.contains(UInt8(ascii: "@")) {
            return .refused("\(what) must not contain user info (user:password@); send credentials in a header")
        }
        guard let first = authority.utf8.first, first != UInt8(ascii: ":") else {
            return .refused("\(what) \"\(string)\" has no host")
        }
        var rest = string[authorityEnd...]
        if let hash = rest.utf8.firstIndex(of: UInt8(ascii: "#")) { rest = rest[..<hash] }
        var query: [String] = []
        if let mark = rest.utf8.firstIndex(of: UInt8(ascii: "?")) {
            query = rest[rest.index(after: mark)...].split(separator: "&").map(String.init)
            rest = rest[..<mark]
        }
        if trimmingPath {
            while rest.utf8.last == UInt8(ascii: "/") { rest = rest.dropLast() }
        }
        return .parts(scheme, String(authority), String(rest), query)
    }

    private static func hasPrefix(_ bytes: String.UTF8View, _ prefix: String) -> Bool {
        bytes.count >= prefix.utf8.count && zip(bytes, prefix.utf8).allSatisfy { ASCIICase.equal($0, $1) }
    }

    private static func isURLByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "&")...UInt8(ascii: ";"), UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"),
            UInt8(ascii: "%"), UInt8(ascii: "="), UInt8(ascii: "?"), UInt8(ascii: "@"), UInt8(ascii: "["),
            UInt8(ascii: "]"), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}
