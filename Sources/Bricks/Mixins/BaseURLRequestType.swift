import Foundation

/// The app-wide brick: where an API lives and what every call to it carries.
///
/// Declare one protocol per API that refines it and give it a `baseURL` (and shared
/// `headerFields`) in an extension; every endpoint of that API then adopts it. An endpoint that
/// needs headers of its own sets ``RequestType/additionalHeaderFields``, which keeps the shared
/// ones.
///
/// ```swift
/// protocol GitHubRequest: BaseURLRequestType {}
/// extension GitHubRequest {
///     var baseURL: URL { URL(string: "https://api.github.com")! }
///     var headerFields: [String: String] { ["Accept": "application/vnd.github+json"] }
/// }
/// ```
public protocol BaseURLRequestType: RequestContextType {}
