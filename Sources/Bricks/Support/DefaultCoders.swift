import Foundation

/// The coders the mixins use when an endpoint names none.
///
/// Shared rather than made per request: a coder with its default options is never mutated here,
/// is safe to use from many tasks at once, and making one costs more than the rest of building a
/// request. An endpoint that needs other options returns its own from `encoder` / `decoder`.
enum DefaultCoders {
    static let jsonEncoder = JSONEncoder()
    static let jsonDecoder = JSONDecoder()
    static let propertyListDecoder = PropertyListDecoder()
}
