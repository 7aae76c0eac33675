import Bricks
import Foundation

/// The calls the example makes, each printed as a section: one endpoint per kind of brick.
///
/// The owners and repositories are those of the recordings (GitHub's `octokit-fixture-org`), so the
/// same calls work offline and against a live server.
struct Walkthrough {
    let client: GitHubClient
    /// Whether the replies are the bundled recordings, whose counts (stars, forks, comments…) all
    /// read 42: each is then shown as `42 (as recorded)`, so that nobody takes it for a bug.
    var countsAreRecorded = false

    static let owner = "octokit-fixture-org"

    /// Makes every call in turn.
    /// - Throws: ``ExampleError/callFailed(step:server:underlying:)`` for the first call that fails
    ///   other than as expected.
    func run() async throws {
        try await step("get repository \(Self.owner)/hello-world") { try await showRepository() }
        try await step("list the issues of \(Self.owner)/paginate-issues") { try await showIssues() }
        try await step("search issues") { try await showSearch() }
        try await step("list the labels of \(Self.owner)/labels") { try await showLabels() }
        try await step("create a label in \(Self.owner)/errors") { try await showRefusedLabel() }
    }

    /// A plain request: `GET /repos/{owner}/{repo}` decoded into a `Repository`.
    func showRepository() async throws {
        let repository = try await client.send(GetRepository(owner: Self.owner, name: "hello-world"))
        section("Repository \(repository.fullName)")
        var table = Table(columns: [])
        table.append(["owner", "\(repository.owner.login) (\(repository.owner.type ?? "account"))"])
        table.append(["description", repository.description ?? "—"])
        table.append(["visibility", repository.visibility ?? "—"])
        table.append(["default branch", repository.defaultBranch])
        table.append(["stars", count(repository.stargazersCount)])
        table.append(["forks", count(repository.forksCount)])
        table.append(["open issues", count(repository.openIssuesCount)])
        table.append(["topics", (repository.topics ?? []).joined(separator: ", ")])
        table.append(["created", day(repository.createdAt)])
        print(table.render())
    }

    /// Pagination by `Link` header: `session.pages(of:)` fetches each page when the loop asks for it.
    func showIssues() async throws {
        let request = ListIssues(owner: Self.owner, repo: "paginate-issues", perPage: 3)
        section("Issues of \(request.owner)/\(request.repo), \(request.perPage) per page, following Link headers")
        var table = Table(columns: ["page", "#", "title", "state", "author", "comments", "opened"])
        var pageCount = 0
        var issueCount = 0
        for try await issues in client.pages(of: request) {
            pageCount += 1
            issueCount += issues.count
            for issue in issues {
                table.append([
                    String(pageCount), "#\(issue.number)", issue.title, issue.state, issue.user.login,
                    String(issue.comments), day(issue.createdAt),
                ])
            }
        }
        print(table.render())
        let recorded = countsAreRecorded ? "; comment counts as recorded" : ""
        print("  \(issueCount) issues on \(pageCount) pages\(recorded)")
    }

    /// An envelope: the search results wrap their items; `page(for:)` returns one page and the
    /// request for the next.
    func showSearch() async throws {
        let query = "sesame repo:\(Self.owner)/search-issues"
        let page = try await client.page(for: SearchIssues(query: query))
        let results = page.value
        section("Issues matching \"\(query)\"")
        var table = Table(columns: ["#", "title", "state", "author"])
        for issue in results.items {
            table.append(["#\(issue.number)", issue.title, issue.state, issue.user.login])
        }
        print(table.render())
        let more = page.hasNextPage ? "; more pages follow" : ""
        let incomplete = results.incompleteResults ? " (the search timed out: incomplete)" : ""
        print("  \(results.items.count) of \(results.totalCount) results\(incomplete)\(more)")
    }

    /// Every page collected into one array with `all(of:)`.
    func showLabels() async throws {
        let labels = try await client.all(of: ListLabels(owner: Self.owner, repo: "labels"), limit: 100)
        section("Labels of \(Self.owner)/labels")
        var table = Table(columns: ["name", "color", "description"])
        for label in labels { table.append([label.name, "#" + label.color, label.description ?? ""]) }
        print(table.render())
        print("  \(labels.count) labels")
    }

    /// A `POST` with a JSON body that GitHub refuses: the 422 body arrives as the typed
    /// `GitHubError` (in a `TypedAPIError`, with its status), not as a status code to decode by hand.
    func showRefusedLabel() async throws {
        let label = NewLabel(name: "foo", color: "invalid")
        section("Create label \"\(label.name)\" with color \"\(label.color)\" in \(Self.owner)/errors")
        do {
            let created = try await client.send(CreateLabel(owner: Self.owner, repo: "errors", body: label))
            print("  Created label \(created.name) (#\(created.color)).")
        } catch let failure as TypedAPIError<GitHubError> {
            let error = failure.value
            print("  GitHub refused it with a typed GitHubError: \(failure.statusCode) \(error.message)")
            var table = Table(columns: ["resource", "field", "code"])
            for problem in error.errors ?? [] {
                table.append([problem.resource ?? "", problem.field ?? "", problem.message ?? problem.code])
            }
            if !table.rows.isEmpty { print(table.render(indent: 4)) }
            if let documentation = error.documentationUrl { print("  See \(documentation)") }
        }
    }

    /// Runs one call, labelling its failure with what the example was doing.
    private func step(_ name: String, _ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch {
            throw ExampleError.callFailed(step: name, server: client.server, underlying: error)
        }
    }

    /// A count from a reply, marked when it comes from the recordings.
    private func count(_ value: Int) -> String {
        countsAreRecorded ? "\(value) (as recorded)" : String(value)
    }

    private func section(_ title: String) {
        print("\n== \(title)")
    }

    /// `2017-10-10`.
    private func day(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: date)
    }
}
