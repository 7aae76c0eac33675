import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The cookies a ``URLSessionTransport``'s session stores, sent by the transport itself, after the
/// request's own `Cookie` header.
///
/// FoundationNetworking replaces a request's `Cookie` header with the stored cookies for its URL
/// (measured, Swift 6.3.1: a request carrying `own=1`, to a server that had set `a=1`, arrived with
/// `a=1` alone), whether or not the request handles cookies; only a session that sets none leaves
/// the header alone. So the transport's sessions set none (`httpShouldSetCookies` off, on every
/// platform, one rule) and the transport adds the stored ones here. Received cookies are stored
/// by URLSession as before, as the configuration's `httpCookieAcceptPolicy` says.
struct StoredCookies: @unchecked Sendable {
    /// The configuration's storage, or `nil` when it sends no stored cookies.
    /// `HTTPCookieStorage` is thread-safe (its own lock): the `@unchecked` is for that.
    private let storage: HTTPCookieStorage?
    /// The configuration's own `Cookie` header (`httpAdditionalHeaders`), which URLSession sends
    /// when a request has none.
    private let additional: String?

    /// Takes over `configuration`'s sending of stored cookies, turning it off there.
    init(takingOverFrom configuration: URLSessionConfiguration) {
        storage = configuration.httpShouldSetCookies ? configuration.httpCookieStorage : nil
        additional = configuration.httpAdditionalHeaders?.first { ($0.key as? String)?.lowercased() == "cookie" }?.value as? String
        configuration.httpShouldSetCookies = false
    }

    /// Adds to `request` the stored cookies for its URL whose names its own `Cookie` header (or
    /// the configuration's) does not carry, after its own: a cookie an endpoint or middleware sets
    /// wins over a stored one.
    func add(to request: inout URLRequest) {
        guard let storage, let url = request.url, let stored = storage.cookies(for: url), !stored.isEmpty else { return }
        let own = [request.value(forHTTPHeaderField: "Cookie"), additional].lazy.compactMap { $0 }.first { !$0.isEmpty }
        // `;` between cookies; `,` where URLRequest joined two `Cookie` fields (a cookie's value
        // holds neither, RFC 6265).
        let named = Set((own ?? "").split(whereSeparator: { $0 == ";" || $0 == "," }).map { pair in
            String(pair.prefix { $0 != "=" }).trimmingCharacters(in: .whitespaces)
        })
        let added = stored.filter { !named.contains($0.name) }
        guard !added.isEmpty, let text = HTTPCookie.requestHeaderFields(with: added)["Cookie"], !text.isEmpty else { return }
        request.setValue(own.map { $0 + "; " + text } ?? text, forHTTPHeaderField: "Cookie")
    }
}
