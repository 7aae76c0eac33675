// The code generated from Tests/BricksOpenAPIGeneratorTests/Specs/styles.yaml: every parameter
// style of OpenAPI 3 for a value, a list and an object, with the values of the specification's
// own table (`blue`; `blue, black, brown`; `R 100, G 200, B 150`). Each test builds the request
// and reads what would go on the wire: the URL's path and query, and the headers.
import Bricks
import BricksTesting
import Foundation
import Styles
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct GeneratedStylesTests {
    let color = "blue"
    let colors = ["blue", "black", "brown"]
    let rgb = RGB(r: 100, g: 200, b: 150)

    /// The URL after the server, as sent (`;` and `,` included: RFC 3986 allows them in a path).
    private func path(_ request: some RequestType) throws -> String {
        let url = try #require(request.makeURLRequest().url?.absoluteString)
        #expect(url.hasPrefix("https://styles.example/"))
        return String(url.dropFirst("https://styles.example".count))
    }

    @Test func simpleWritesValuesAsTheyAre() throws {
        #expect(try path(Simple(color: color, colors: colors, rgb: rgb)) == "/simple/blue/blue,black,brown/R,100,G,200,B,150")
        #expect(
            try path(SimpleExploded(color: color, colors: colors, rgb: rgb))
                == "/simple-exploded/blue/blue,black,brown/R=100,G=200,B=150")
    }

    @Test func labelPutsADotBeforeEachValue() throws {
        #expect(try path(Label(color: color, colors: colors, rgb: rgb)) == "/label/.blue/.blue,black,brown/.R,100,G,200,B,150")
        #expect(
            try path(LabelExploded(color: color, colors: colors, rgb: rgb))
                == "/label-exploded/.blue/.blue.black.brown/.R=100.G=200.B=150")
    }

    @Test func matrixNamesEachValue() throws {
        #expect(
            try path(Matrix(color: color, colors: colors, rgb: rgb))
                == "/matrix/;color=blue/;colors=blue,black,brown/;rgb=R,100,G,200,B,150")
        #expect(
            try path(MatrixExploded(color: color, colors: colors, rgb: rgb))
                == "/matrix-exploded/;color=blue/;colors=blue;colors=black;colors=brown/;R=100;G=200;B=150")
    }

    /// A member left out (`name`, optional) writes nothing; one given is written in its place.
    @Test func anOptionalMemberIsWrittenOnlyWhenGiven() throws {
        var named = rgb
        named.name = "sky"
        #expect(try path(SimpleExploded(color: color, colors: colors, rgb: named)).hasSuffix("/R=100,G=200,B=150,name=sky"))
    }

    @Test func aMapIsWrittenInKeyOrder() throws {
        #expect(try path(Labels(labels: ["team": "web", "env": "prod"])) == "/labels/env=prod,team=web")
        // A value that is null has no text: its entry is left out.
        #expect(try path(NullableLabels(labels: ["team": "web", "env": nil])) == "/nullable-labels/team=web")
    }

    @Test func headersAreSimple() throws {
        let request = try Headers(xColor: color, xColors: colors, xRGB: rgb, xRGBExploded: rgb).makeURLRequest()
        #expect(request.value(forHTTPHeaderField: "X-Color") == "blue")
        #expect(request.value(forHTTPHeaderField: "X-Colors") == "blue,black,brown")
        #expect(request.value(forHTTPHeaderField: "X-RGB") == "R,100,G,200,B,150")
        #expect(request.value(forHTTPHeaderField: "X-RGB-Exploded") == "R=100,G=200,B=150")
    }

    /// `form` (the default) writes a list as the name repeated, or joined when not exploded; an
    /// object not exploded is one item of names and values; the delimited styles join with a space
    /// or a pipe. An exploded object (`form`'s default, and `deepObject`) names each member inside
    /// brackets (Docs/OpenAPI.md says why). Bricks' `QueryEncoder` writes members in name order.
    @Test func queryStyles() throws {
        let request = Query(
            colors: colors, joined: colors, rgb: rgb, rgbJoined: rgb, spaced: colors, piped: colors, rgbPiped: rgb, deep: rgb)
        let url = try #require(request.makeURLRequest().url?.absoluteString)
        let query = try #require(url.split(separator: "?", maxSplits: 1).last.map(String.init))
        let expected = [
            "colors=blue", "colors=black", "colors=brown", "joined=blue,black,brown", "spaced=blue%20black%20brown",
            "piped=blue%7Cblack%7Cbrown", "rgb%5BB%5D=150", "rgb%5BG%5D=200", "rgb%5BR%5D=100", "rgbJoined=B,150,G,200,R,100",
            "rgbPiped=B%7C150%7CG%7C200%7CR%7C100", "deep%5BB%5D=150", "deep%5BG%5D=200", "deep%5BR%5D=100",
        ]
        #expect(query == expected.joined(separator: "&"))
    }

    /// Cookies are `name=value` in one `Cookie` header, `; ` between them, a value's `;`, spaces and
    /// `%` percent-encoded so that it stays one cookie; a list or object joined as in a header.
    @Test func cookiesShareOneHeader() throws {
        let request = try Cookies(theme: "dark; x=1 100%", tags: ["a", "b"], rgb: rgb).makeURLRequest()
        #expect(request.value(forHTTPHeaderField: "Cookie") == "theme=dark%3B%20x=1%20100%25; tags=a,b; rgb=R,100,G,200,B,150")
        #expect(try Cookies(theme: "light").makeURLRequest().value(forHTTPHeaderField: "Cookie") == "theme=light")
        // A cookie described with `content` is its JSON text, percent-encoded (members in the
        // encoder's order): it reads back as the value.
        let prefs = try #require(
            try Cookies(theme: "light", prefs: RGB(r: 1, g: 2, b: 3)).makeURLRequest().value(forHTTPHeaderField: "Cookie"))
        #expect(prefs.hasPrefix("theme=light; prefs=%7B%22"))
        let json = try #require(prefs.split(separator: "=", maxSplits: 2).last?.removingPercentEncoding)
        #expect(try StylesCoding.decoder.decode(RGB.self, from: Data(json.utf8)) == RGB(r: 1, g: 2, b: 3))
    }

    /// An API key declared `in: cookie` is a cookie after the request's own.
    @Test func anAPIKeyInACookieComesAfterTheRequestsCookies() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/cookies", reply: .init(status: 204))
        await stub.register(.get, "/headers", reply: .init(status: 204))
        let session = Session(transport: stub, middleware: [StylesCredentials.session("k;1")])
        try await session.send(Cookies(theme: "dark"))
        try await session.send(Headers(xColor: color, xColors: colors, xRGB: rgb, xRGBExploded: rgb))
        let withCookies = try #require(await stub.requests(matching: .get, "/cookies").first)
        #expect(withCookies.value(forHTTPHeaderField: "Cookie") == "theme=dark; session=k%3B1")
        let without = try #require(await stub.requests(matching: .get, "/headers").first)
        #expect(without.value(forHTTPHeaderField: "Cookie") == "session=k%3B1")
    }
}
