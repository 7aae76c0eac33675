@testable import Bricks
import BricksTestSupport
import Foundation
import Testing

@Suite struct FormEncodingTests {
    @Test(arguments: [
        ("a b", "a+b"), ("1+1", "1%2B1"), ("x&y=z", "x%26y%3Dz"), ("*-._", "*-._"), ("~!'()", "%7E%21%27%28%29"),
        ("ü✓", "%C3%BC%E2%9C%93"), ("100%", "100%25"), ("a\r\nb", "a%0D%0Ab"), ("", ""),
        ("AZaz09", "AZaz09"), ("/?#[]@", "%2F%3F%23%5B%5D%40"),
    ])
    func formCharacterSet(value: String, encoded: String) {
        #expect(PercentEncoding.form.encode(value) == encoded)
        let body = FormURLEncoding.body(for: [URLQueryItem(name: value, value: value)])
        #expect(String(decoding: body, as: UTF8.self) == "\(encoded)=\(encoded)")
    }

    @Test func decodesBackWithWHATWGRules() throws {
        // What a server does with a form body: split on & and =, turn + into space, percent-decode.
        let values = ["a b+c", "&=&", "ü ✓", "%41", "line\nbreak"]
        let items = values.enumerated().map { URLQueryItem(name: "k\($0.offset)", value: $0.element) }
        let body = FormURLEncoding.body(for: items)
        let decoded = String(decoding: body, as: UTF8.self).split(separator: "&").map { pair -> String in
            let value = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[1]
            return value.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? "?"
        }
        #expect(decoded == values)
    }

    @Test func queryAndPathSetsAreUnchanged() {
        #expect(
            PercentEncoding.query.encode("a b&c=d+e#f%g;h[i]/j?k:l@m")
                == "a%20b%26c%3Dd%2Be%23f%25g%3Bh%5Bi%5D/j?k:l@m")
        #expect(PercentEncoding.segment.encode("a/b c") == "a%2Fb%20c")
        #expect(PercentEncoding.path.encode("/a/b c?") == "/a/b%20c%3F")
    }
}
