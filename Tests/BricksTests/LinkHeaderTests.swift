import Bricks
import BricksTestSupport
import Testing

@Suite struct LinkHeaderTests {
    private func next(_ value: String) -> String? { LinkHeader(value).link(withRelation: "next")?.target }

    @Test func githubsHeaderFromTheRecording() {
        let header = LinkHeader(
            #"<https://api.github.com/repositories/1000/issues?per_page=3&page=2>; rel="prev", "#
                + #"<https://api.github.com/repositories/1000/issues?per_page=3&page=4>; rel="next", "#
                + #"<https://api.github.com/repositories/1000/issues?per_page=3&page=5>; rel="last", "#
                + #"<https://api.github.com/repositories/1000/issues?per_page=3&page=1>; rel="first""#)
        #expect(header.links.map(\.relations) == [["prev"], ["next"], ["last"], ["first"]])
        #expect(header.link(withRelation: "next")?.target == "https://api.github.com/repositories/1000/issues?per_page=3&page=4")
        #expect(header.link(withRelation: "last")?.target == "https://api.github.com/repositories/1000/issues?per_page=3&page=5")
    }

    @Test func reversedOrder() {
        let value = #"<https://x.test/?page=5>; rel="last", <https://x.test/?page=2>; rel="next""#
        #expect(next(value) == "https://x.test/?page=2")
    }

    @Test(arguments: [
        #"<https://x.test/a>;rel=next"#,
        #"<https://x.test/a> ; rel = "next""#,
        "  <https://x.test/a>\t;\trel=\"next\"  ",
        #"< https://x.test/a >; rel="next""#,
        #"<https://x.test/a>; REL="Next""#,
        #"<https://x.test/a>; rel="prefetch next""#,
        #"<https://x.test/a>; rel*=UTF-8''next"#,
        #", , <https://x.test/a>; rel="next","#,
    ])
    func toleratesSpacingCaseQuotingAndSeveralRelations(value: String) {
        #expect(next(value) == "https://x.test/a")
    }

    @Test func extraParametersAndQuotedCommasAndSemicolons() {
        let value = #"<https://x.test/b>; title="one, two; three"; rel="next"; type="application/json", "#
            + #"<https://x.test/c>; rel="last""#
        let header = LinkHeader(value)
        #expect(header.links.count == 2)
        #expect(header.links.first?.parameters["title"] == "one, two; three")
        #expect(header.links.first?.parameters["type"] == "application/json")
        #expect(next(value) == "https://x.test/b")
    }

    @Test func commasAndSemicolonsInsideTheURL() {
        let value = #"<https://x.test/items?ids=1,2,3&sort=a;b>; rel="next", <https://x.test/items?ids=9,8>; rel="prev""#
        let header = LinkHeader(value)
        #expect(header.links.map(\.target) == ["https://x.test/items?ids=1,2,3&sort=a;b", "https://x.test/items?ids=9,8"])
        #expect(header.link(withRelation: "prev")?.target == "https://x.test/items?ids=9,8")
    }

    @Test func escapedQuotesInAQuotedValue() {
        let header = LinkHeader(#"<https://x.test/a>; title="say \"hi\", then \\ go"; rel=next"#)
        #expect(header.links.first?.parameters["title"] == #"say "hi", then \ go"#)
        #expect(header.links.first?.relations == ["next"])
    }

    @Test func theFirstRelWins() {
        #expect(next(#"<https://x.test/a>; rel="last"; rel="next""#) == nil)
    }

    @Test func relativeTargetsAreKeptAsWritten() {
        #expect(next(#"</items?page=2>; rel="next""#) == "/items?page=2")
        #expect(next(#"<?page=2>; rel="next""#) == "?page=2")
    }

    @Test func severalHeadersJoinedByTheTransport() {
        let value = #"<https://x.test/1>; rel="first", <https://x.test/3>; rel="next""#
        #expect(next(value) == "https://x.test/3")
    }

    @Test func garbageIsSkippedNotFatal() {
        let value = #"nonsense; rel="next", <https://x.test/ok>; rel="next""#
        #expect(LinkHeader(value).links.map(\.target) == ["https://x.test/ok"])
        let junkAfterTarget = #"<https://x.test/a> junk, <https://x.test/b>; rel=next"#
        #expect(next(junkAfterTarget) == "https://x.test/b")
    }

    @Test(arguments: ["", "   ", ",,,", "<https://x.test/unterminated; rel=\"next\"", "rel=\"next\""])
    func nothingToFollow(value: String) {
        #expect(next(value) == nil)
    }

    @Test func noNextOnTheLastPage() {
        let value = #"<https://api.github.com/repositories/1000/issues?per_page=3&page=4>; rel="prev", "#
            + #"<https://api.github.com/repositories/1000/issues?per_page=3&page=1>; rel="first""#
        #expect(next(value) == nil)
        #expect(LinkHeader(value).links.count == 2)
    }
}
