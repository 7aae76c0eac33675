import Foundation

/// A `JSONEncoder`'s configuration, read once per body and shared by every encoder of one
/// encoding.
final class JSONBodyEncodingOptions {
    /// How a `Date` is written.
    enum DateStrategy {
        case deferredToDate
        case secondsSince1970
        case millisecondsSince1970
        case iso8601
        case formatted(DateFormatter)
        case custom(@Sendable (Date, any Encoder) throws -> Void)
    }

    /// How `Data` is written.
    enum DataStrategy {
        case deferredToData
        case base64
        case custom(@Sendable (Data, any Encoder) throws -> Void)
    }

    /// How a key is written.
    enum KeyStrategy {
        case useDefaultKeys
        case convertToSnakeCase
        case custom(@Sendable ([any CodingKey]) -> any CodingKey)
    }

    let prettyPrinted: Bool
    let sortedKeys: Bool
    let escapesSlashes: Bool
    let dateStrategy: DateStrategy
    let dataStrategy: DataStrategy
    let keyStrategy: KeyStrategy
    /// The strings for infinities and NaN, or `nil` to throw (the default).
    let nonConformingFloatStrings: (positiveInfinity: String, negativeInfinity: String, nan: String)?
    let userInfo: [CodingUserInfoKey: Any]

    /// The options of `encoder`, or `nil` when it uses a strategy this encoder does not know (a
    /// case added to Foundation after this was written): the caller then uses `encoder` itself.
    init?(_ encoder: JSONEncoder) {
        let formatting = encoder.outputFormatting
        prettyPrinted = formatting.contains(.prettyPrinted)
        sortedKeys = formatting.contains(.sortedKeys)
        escapesSlashes = !formatting.contains(.withoutEscapingSlashes)
        // Chains of `if case`, not switches: Apple's enums need an `@unknown default` that
        // FoundationNetworking's (not resilient) warns is never run, and the same lines compile
        // on both (Docs/Linux.md, "Lines compiled on Apple platforms only").
        let date = encoder.dateEncodingStrategy
        if case .deferredToDate = date {
            dateStrategy = .deferredToDate
        } else if case .secondsSince1970 = date {
            dateStrategy = .secondsSince1970
        } else if case .millisecondsSince1970 = date {
            dateStrategy = .millisecondsSince1970
        } else if case .iso8601 = date {
            dateStrategy = .iso8601
        } else if case .custom(let closure) = date {
            dateStrategy = .custom(closure)
        } else if let formatter = Self.formatter(of: date) {
            dateStrategy = .formatted(formatter)
        } else {
            return nil
        }
        let data = encoder.dataEncodingStrategy
        if case .deferredToData = data {
            dataStrategy = .deferredToData
        } else if case .base64 = data {
            dataStrategy = .base64
        } else if case .custom(let closure) = data {
            dataStrategy = .custom(closure)
        } else {
            return nil
        }
        let key = encoder.keyEncodingStrategy
        if case .useDefaultKeys = key {
            keyStrategy = .useDefaultKeys
        } else if case .convertToSnakeCase = key {
            keyStrategy = .convertToSnakeCase
        } else if case .custom(let closure) = key {
            keyStrategy = .custom(closure)
        } else {
            return nil
        }
        let floats = encoder.nonConformingFloatEncodingStrategy
        if case .throw = floats {
            nonConformingFloatStrings = nil
        } else if case .convertToString(let positiveInfinity, let negativeInfinity, let nan) = floats {
            nonConformingFloatStrings = (positiveInfinity, negativeInfinity, nan)
        } else {
            return nil
        }
        userInfo = encoder.userInfo
    }

    /// The formatter of a `.formatted` strategy. Apple's Foundation only: FoundationEssentials'
    /// `JSONEncoder` (Linux) has no such case.
    private static func formatter(of strategy: JSONEncoder.DateEncodingStrategy) -> DateFormatter? {
        #if canImport(Darwin)
        if case .formatted(let formatter) = strategy { return formatter }
        #endif
        return nil
    }

    /// Whether keys are written as the types give them.
    var usesDefaultKeys: Bool {
        if case .useDefaultKeys = keyStrategy { return true }
        return false
    }
}
