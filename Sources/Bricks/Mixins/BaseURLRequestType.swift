import Foundation

/// The app-wide brick: where an API lives and what every call to it carries.
///
/// Declare one protocol per API that refines it and give it a `baseURL` (and shared
/// `headerFields`) in an extension; every endpoint of that API then adopts it. An endpoint that
/// needs headers of its own sets ``RequestType/additionalHeaderFields``, which keeps the shared
/// ones.
///
/// ```swift
/// nonisolated protocol GitHubRequest: BaseURLRequestType {}
/// extension GitHubRequest {
///     var baseURL: String { "https://api.github.com" }
///     var headerFields: [String: String] { ["Accept": "application/vnd.github+json"] }
/// }
/// ```
///
/// `nonisolated` matters in an app target, whose declarations are main-actor-isolated by default:
/// it lets each endpoint's conformance be main-actor-isolated together with the members it gets
/// from the extension. Swift 6.3 does not infer that for a conformance to a main-actor protocol
/// that refines a library's protocol (swiftlang/swift#88651) and reports "conformance … crosses
/// into main actor-isolated code". Elsewhere the word changes nothing.
public protocol BaseURLRequestType: RequestContextType {}
