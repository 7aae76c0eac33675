import BricksTestSupport
import Testing

@Suite struct GitHubFixtureTests {
    @Test func fixturesLoad() throws {
        let labels = try GitHubFixture.load("labels")
        #expect(labels.map(\.method) == ["GET", "POST", "GET", "PATCH", "DELETE"])
        #expect(labels.map(\.status) == [200, 201, 200, 200, 204])
        let markdown = try GitHubFixture.load("markdown")
        #expect(markdown.count == 2)
    }
}
