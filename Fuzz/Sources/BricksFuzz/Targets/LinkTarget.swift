import Foundation

/// `Link` headers and the pagination that follows them: links read without a crash, a next page
/// never leaves the endpoint's origin, page numbers only go forward.
///
/// Input: a page URL and a base URL picked by two bytes, a page number byte, an `X-Next-Page`
/// line, then the `Link` value.
enum LinkTarget {
    static let pages = [
        "https://api.example.com/items?page=1", "http://example.com:8080/a/b/", "https://EXAMPLE.com:443/x",
        "https://[::1]:8443/p?q=1", "https://api.example.com/v3/repos/o/r/issues?per_page=2&page=3",
    ]
    static let bases = ["https://api.example.com", "https://api.example.com/v3/", "http://127.0.0.1:9/base?k=v"]

    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        guard let page = URL(string: pages[input.number(below: pages.count)]),
            let base = URL(string: bases[input.number(below: bases.count)]),
            let pageOrigin = Lib.origin(page.absoluteString), let baseOrigin = Lib.origin(base.absoluteString)
        else { return require(false, "a fixed URL does not parse") }
        let pageNumber = input.number(below: 256) - 8
        let nextPage = input.text(until: 0x0A)
        let value = String(decoding: input.rest(), as: UTF8.self)

        for link in Lib.links(value) {
            require(!link.target.contains(">"), "a target holding >: \(link.target)")
            for (name, _) in link.parameters {
                require(!name.isEmpty && name == name.lowercased(), "a parameter name \(name.debugDescription)")
            }
            require(link.relations.allSatisfy { !$0.isEmpty && $0 == $0.lowercased() }, "relations \(link.relations)")
            if case .success(let form) = Lib.pageLink(link.target, page: page) {
                require(form.hasPrefix("/") && !form.contains("#"), "a page link \(form.debugDescription) from <\(link.target)>")
                let scheme = pageOrigin.hasPrefix("https") ? "https" : "http"
                let authority = page.absoluteString.dropFirst(scheme.count + 3).prefix { $0 != "/" && $0 != "?" }
                require(Lib.origin(scheme + "://" + authority + form) == pageOrigin, "<\(link.target)> led off \(page) to \(form)")
            }
        }

        switch Lib.nextLinkPage(linkValue: value, page: page, base: base) {
        case .success(let next?):
            require(Lib.origin(next.scheme + "://" + next.authority) == baseOrigin, "the next page went to \(next.scheme)://\(next.authority), not \(base)")
            require(next.pathAndQuery.hasPrefix("/"), "the next page's path \(next.pathAndQuery)")
            let baseHost = base.host(percentEncoded: false)?.lowercased()
            require(next.foundationHost?.lowercased() == baseHost, "Foundation sends the next page to \(String(describing: next.foundationHost)), not \(String(describing: baseHost))")
        case .success(nil), .failure:
            break
        }

        if case .success(let following?) = Lib.nextPageNumber(nextPage, page: pageNumber) {
            require(following > pageNumber, "page \(pageNumber) led to page \(following)")
        }
    }
}
