import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Puts a pagination strategy's parameters (`page=2`, `cursor=…`) into a request's URL.
enum PageQuery {
    /// The default `URLRequest` of `request`, with `items` in its query in place of any items of
    /// the same names.
    static func makeURLRequest(for request: some RequestType, setting items: [URLQueryItem]) throws -> URLRequest {
        var urlRequest = try RequestBuilder.makeURLRequest(for: request)
        if let url = urlRequest.url { urlRequest.url = try setting(items, in: url) }
        return urlRequest
    }

    /// `url` with `items` appended to its query, after removing the items of the same names.
    static func setting(_ items: [URLQueryItem], in url: URL) throws(BricksError) -> URL {
        var string = Substring(url.absoluteString)
        var fragment = Substring()
        if let hash = string.firstIndex(of: "#") {
            fragment = string[hash...]
            string = string[..<hash]
        }
        var pairs: [Substring] = []
        if let mark = string.firstIndex(of: "?") {
            let names = Set(items.map(\.name))
            pairs = string[string.index(after: mark)...].split(separator: "&").filter { pair in
                let name = pair.prefix { $0 != "=" }
                return !names.contains(String(name).removingPercentEncoding ?? String(name))
            }
            string = string[..<mark]
        }
        for item in items {
            var pair = PercentEncoding.query.encode(item.name)
            if let value = item.value {
                pair += "=" + PercentEncoding.query.encode(value)
            }
            pairs.append(Substring(pair))
        }
        let result = String(string) + (pairs.isEmpty ? "" : "?" + pairs.joined(separator: "&")) + fragment
        guard let paged = URL(string: result) else { throw .invalidURL("\"\(result)\" is not a valid URL") }
        return paged
    }
}
