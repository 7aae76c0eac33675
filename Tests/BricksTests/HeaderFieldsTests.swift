import Bricks
import BricksTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct HeaderFieldsTests {
    @Test func fieldsKeepTheirOrderAndRepeatedNames() {
        let fields: HeaderFields = ["Zeta": "1", "alpha": "2", "Set-Cookie": "a=1", "Mid": "3"]
        #expect(fields.map(\.name) == ["Zeta", "alpha", "Set-Cookie", "Mid"])
        var repeated = fields
        repeated.append(name: "set-cookie", value: "b=2")
        #expect(repeated.count == 5)
        #expect(repeated.map(\.value) == ["1", "2", "a=1", "3", "b=2"])
        #expect(repeated.last == HeaderField(name: "set-cookie", value: "b=2"))
    }

    @Test func aDictionaryIsSortedByName() {
        let fields = HeaderFields(["b": "2", "C": "3", "a": "1"])
        #expect(fields.map(\.name) == ["C", "a", "b"])
    }

    @Test func lookupsIgnoreCaseAndGiveTheFirstValue() {
        let fields = HeaderFields([
            HeaderField(name: "Content-Type", value: "text/plain"), HeaderField(name: "X-A", value: "1"),
            HeaderField(name: "x-a", value: "2"),
        ])
        #expect(fields["content-type"] == "text/plain")
        #expect(fields["CONTENT-TYPE"] == "text/plain")
        #expect(fields["X-a"] == "1")
        #expect(fields["Missing"] == nil)
        #expect(fields.contains("x-A"))
        #expect(!fields.contains("X-A-"))
        #expect(!fields.contains("X-"))
    }

    @Test func longAndNonASCIINamesCompareByteForByte() {
        // Past 15 bytes a name is no longer a small string: compared on its heap bytes.
        let long = "X-Request-Correlation-Identifier"
        let fields = HeaderFields([HeaderField(name: long, value: "1"), HeaderField(name: "X-Grüße", value: "2")])
        #expect(fields[long.uppercased()] == "1")
        #expect(fields[long.lowercased()] == "1")
        #expect(fields["X-Request-Correlation-Identifiex"] == nil)
        #expect(fields["x-grüße"] == "2")
        #expect(fields["X-GRÜSSE"] == nil)  // only ASCII letters match across case
        #expect(fields["X-GRüße"] == "2")
    }

    @Test func onlyLettersMatchAcrossCase() {
        // Bytes that differ by 0x20 but are not letters are different names: "@" and "`", "[" and "{".
        let fields: HeaderFields = ["X-A@": "at", "X-[b]": "square"]
        #expect(fields["x-a@"] == "at")
        #expect(fields["X-A`"] == nil)
        #expect(fields["x-{B]"] == nil)
        #expect(fields["X-[B]"] == "square")
        #expect(fields["X-A"] == nil)
        #expect(fields["X-A@@"] == nil)
    }

    @Test func settingReplacesEveryFieldOfTheNameAtThePlaceOfTheFirst() {
        var fields = HeaderFields([
            HeaderField(name: "Set-Cookie", value: "a=1"), HeaderField(name: "X", value: "x"),
            HeaderField(name: "set-cookie", value: "b=2"), HeaderField(name: "Y", value: "y"),
        ])
        fields["SET-COOKIE"] = "c=3"
        #expect(Array(fields) == [
            HeaderField(name: "Set-Cookie", value: "c=3"), HeaderField(name: "X", value: "x"),
            HeaderField(name: "Y", value: "y"),
        ])
        fields["New"] = "n"
        #expect(fields.last == HeaderField(name: "New", value: "n"))
        fields["x"] = nil
        #expect(fields.map(\.name) == ["Set-Cookie", "Y", "New"])
        fields["absent"] = nil
        #expect(fields.count == 3)
    }

    @Test func removeTakesEveryFieldOfTheName() {
        var fields = HeaderFields([
            HeaderField(name: "Link", value: "1"), HeaderField(name: "Keep", value: "k"), HeaderField(name: "LINK", value: "2"),
        ])
        fields.remove("link")
        #expect(Array(fields) == [HeaderField(name: "Keep", value: "k")])
        fields.remove("nothing")
        #expect(fields.count == 1)
    }

    @Test func valuesAndCombinedValue() {
        let fields = HeaderFields([
            HeaderField(name: "Link", value: "</a>; rel=\"next\""), HeaderField(name: "Other", value: "o"),
            HeaderField(name: "link", value: "</z>; rel=\"last\""),
        ])
        #expect(fields.values(for: "LINK") == ["</a>; rel=\"next\"", "</z>; rel=\"last\""])
        #expect(fields.values(for: "none").isEmpty)
        #expect(fields.combinedValue(for: "Link") == "</a>; rel=\"next\", </z>; rel=\"last\"")
        #expect(fields.combinedValue(for: "Other") == "o")
        #expect(fields.combinedValue(for: "none") == nil)
    }

    // MARK: ResponseHead

    private let url = URL(string: "https://api.example.com/x")!

    @Test func mimeTypeAndTextEncodingNameComeFromTheContentType() {
        let json = ResponseHead(statusCode: 200, headerFields: ["content-type": "Application/JSON; Charset=\"UTF-8\""], url: url)
        #expect(json.mimeType == "application/json")
        #expect(json.textEncodingName == "utf-8")
        let flowed = ResponseHead(
            statusCode: 200, headerFields: ["Content-Type": "text/plain; format=flowed; charset=ISO-8859-1"], url: url)
        #expect(flowed.mimeType == "text/plain")
        #expect(flowed.textEncodingName == "iso-8859-1")
        let bare = ResponseHead(statusCode: 200, headerFields: ["Content-Type": "image/png"], url: url)
        #expect(bare.mimeType == "image/png")
        #expect(bare.textEncodingName == nil)
        let none = ResponseHead(statusCode: 200, url: url)
        #expect(none.mimeType == nil)
        #expect(none.textEncodingName == nil)
    }

    @Test(arguments: [("42", Int64(42)), (" 7 ", 7), ("abc", -1), ("", -1), ("+5", -1), ("-5", -1), ("5, 5", 5), ("1_0", -1)])
    func expectedContentLength(value: String, expected: Int64) {
        #expect(ResponseHead(statusCode: 200, headerFields: ["Content-Length": value], url: url).expectedContentLength == expected)
    }

    @Test func expectedContentLengthWithoutTheFieldIsMinusOne() {
        #expect(ResponseHead(statusCode: 200, url: url).expectedContentLength == -1)
    }

    @Test(arguments: [(200, "200 OK"), (404, "404 Not Found"), (422, "422 Unprocessable Content"), (299, "299")])
    func statusHasItsReasonPhrase(code: Int, expected: String) {
        #expect(ResponseHead(statusCode: code, url: url).status == expected)
    }

    @Test func valueForHTTPHeaderFieldJoinsRepeatedValues() {
        let head = ResponseHead(
            statusCode: 200,
            headerFields: HeaderFields([HeaderField(name: "Vary", value: "Accept"), HeaderField(name: "vary", value: "Cookie")]),
            url: url)
        #expect(head.value(forHTTPHeaderField: "VARY") == "Accept, Cookie")
        #expect(head.value(forHTTPHeaderField: "none") == nil)
    }

    @Test func httpURLResponseRoundTrip() throws {
        let head = ResponseHead(
            statusCode: 201,
            headerFields: HeaderFields([
                HeaderField(name: "Content-Type", value: "application/json"), HeaderField(name: "X-A", value: "1"),
                HeaderField(name: "x-a", value: "2"),
            ]),
            url: url)
        let response = try #require(head.httpURLResponse)
        #expect(response.statusCode == 201)
        #expect(response.url == url)
        #expect(response.value(forHTTPHeaderField: "X-A") == "1, 2")
        #expect(response.value(forHTTPHeaderField: "content-type") == "application/json")

        let back = try #require(ResponseHead(response))
        #expect(back.statusCode == 201)
        #expect(back.url == url)
        #expect(back.headerFields.count == 2)
        #expect(back.headerFields["x-a"] == "1, 2")
        #expect(back.mimeType == "application/json")
    }

    @Test func aFoundationResponseSplitsJoinedCookiesAtTheirNames() throws {
        let response = try #require(HTTPURLResponse(
            url: url, statusCode: 200, httpVersion: "HTTP/1.1",
            headerFields: ["Set-Cookie": "a=1; Expires=Wed, 21 Oct 2015 07:28:00 GMT, b=2", "X-List": "a, b"]))
        let head = try #require(ResponseHead(response))
        #expect(head.headerFields.values(for: "set-cookie") == ["a=1; Expires=Wed, 21 Oct 2015 07:28:00 GMT", "b=2"])
        #expect(head.headerFields.values(for: "X-List") == ["a, b"])
        // Sorted by name, the cookies in the place of the field they were joined in.
        #expect(head.headerFields.map(\.name) == ["Set-Cookie", "Set-Cookie", "X-List"])
    }

    @Test func aCookieListWithoutNameValuePairsStaysOneValue() throws {
        let response = try #require(HTTPURLResponse(
            url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Set-Cookie": "a, b"]))
        #expect(try #require(ResponseHead(response)).headerFields.values(for: "Set-Cookie") == ["a, b"])
    }
}
