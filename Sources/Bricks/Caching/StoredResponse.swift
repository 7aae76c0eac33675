import Foundation

/// One reply in the store, with what RFC 9111 needs to judge it later: when it was asked for and
/// received, the request values its `Vary` names, and whose credentials fetched it.
struct StoredResponse: Sendable, Equatable {
    /// Everything but the body: what the disk store writes as JSON.
    struct Metadata: Codable, Sendable, Equatable {
        /// The URL, as the cache key has it.
        var url: String
        var statusCode: Int
        /// The header fields, in order, as `[name, value]` pairs.
        var fields: [[String]]
        /// The request's values of the fields the reply's `Vary` names (lowercased), `nil` when the
        /// request had none.
        var varied: [String: String?]
        /// SHA-256 of the credentials the request carried (the secret header fields), or `nil`.
        var credentials: String?
        /// When the request was sent and the reply received (RFC 9111 §4.2.3's request_time and
        /// response_time).
        var requestTime: Date
        var responseTime: Date
        /// How long it is fresh, and its age when received, in seconds: computed once from its
        /// fields (``freshnessLifetime(of:)``, ``initialAge(of:)``), so that a hit parses no date.
        var freshness: Double
        var initialAge: Double
    }

    var metadata: Metadata
    var body: Data

    init(metadata: Metadata, body: Data) {
        self.metadata = metadata
        self.body = body
    }

    /// A reply about to be stored.
    init(
        url: String, head: ResponseHead, body: Data, varied: [String: String?], credentials: String?,
        requestTime: Date, responseTime: Date
    ) {
        self.body = body
        metadata = Metadata(
            url: url, statusCode: head.statusCode, fields: head.headerFields.map { [$0.name, $0.value] },
            varied: varied, credentials: credentials, requestTime: requestTime, responseTime: responseTime,
            freshness: 0, initialAge: 0)
        refreshTimes()
    }

    /// Computes the freshness lifetime and initial age from the fields and times.
    private mutating func refreshTimes() {
        let fields = headerFields
        metadata.freshness = Self.freshnessLifetime(of: fields, statusCode: metadata.statusCode, receivedAt: metadata.responseTime)
        metadata.initialAge = Self.initialAge(of: fields, requestTime: metadata.requestTime, responseTime: metadata.responseTime)
    }

    /// The bytes it holds, for the store's bound.
    var cost: Int {
        metadata.fields.reduce(body.count + metadata.url.utf8.count + 64) { $0 + $1.reduce(0) { $0 + $1.utf8.count } }
    }

    var headerFields: HeaderFields {
        HeaderFields(metadata.fields.compactMap { $0.count == 2 ? HeaderField(name: $0[0], value: $0[1]) : nil })
    }

    var cacheControl: CacheControl { CacheControl(headerFields) }

    // MARK: Freshness (RFC 9111 §4.2)

    /// Whether it is still fresh at `now`.
    func isFresh(at now: Date) -> Bool { metadata.freshness > currentAge(at: now) }

    /// Its age at `now`, in seconds (RFC 9111 §4.2.3): its age when received plus the time since.
    func currentAge(at now: Date) -> Double {
        metadata.initialAge + max(0, now.timeIntervalSince(metadata.responseTime))
    }

    /// How long a reply with `fields` is fresh from its generation, in seconds: `max-age`, else
    /// `Expires` minus `Date`, else a tenth of the time since `Last-Modified` (at most a day) for
    /// the statuses that allow a heuristic; 0 otherwise.
    static func freshnessLifetime(of fields: HeaderFields, statusCode: Int, receivedAt responseTime: Date) -> Double {
        let control = CacheControl(fields)
        if let maxAge = control.maxAge { return Double(maxAge) }
        let date = dateValue(fields) ?? responseTime
        if let expires = fields["Expires"] {
            guard let expiry = HTTPDate.parse(expires) else { return 0 }  // an invalid Expires is in the past
            return max(0, expiry.timeIntervalSince(date))
        }
        guard heuristicallyCacheable.contains(statusCode) || control.has("public"),
            let modified = fields["Last-Modified"].flatMap({ HTTPDate.parse($0) })
        else { return 0 }
        return min(max(0, date.timeIntervalSince(modified)) / 10, 24 * 3600)
    }

    /// The age of a reply when received (RFC 9111 §4.2.3's corrected_initial_age), in seconds.
    static func initialAge(of fields: HeaderFields, requestTime: Date, responseTime: Date) -> Double {
        let apparentAge = max(0, responseTime.timeIntervalSince(dateValue(fields) ?? responseTime))
        let responseDelay = max(0, responseTime.timeIntervalSince(requestTime))
        return max(apparentAge, Double(ageValue(fields)) + responseDelay)
    }

    /// The `Date` field, when it parses.
    private static func dateValue(_ fields: HeaderFields) -> Date? {
        fields["Date"].flatMap { HTTPDate.parse($0) }
    }

    /// The `Age` field in seconds; 0 when absent or not a non-negative decimal.
    private static func ageValue(_ fields: HeaderFields) -> Int64 {
        fields["Age"].flatMap { DecimalDigits.deltaSeconds($0.trimmingCharacters(in: .whitespaces)) } ?? 0
    }

    /// The statuses RFC 9110 §15.1 lets a cache give a heuristic lifetime.
    static let heuristicallyCacheable: Set<Int> = [200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501]

    // MARK: Matching and validators

    /// Whether it may answer a request with these header fields and credentials: every field its
    /// `Vary` names has the same value (`Vary: *` never matches), and the same credentials.
    func matches(_ requestFields: HeaderFields, credentials: String?) -> Bool {
        guard metadata.credentials == credentials else { return false }
        for (name, value) in metadata.varied {
            if name == "*" { return false }
            guard Self.normalized(requestFields.combinedValue(for: name)) == value else { return false }
        }
        return true
    }

    /// A request field's value as compared for `Vary`: surrounding and repeated blanks folded.
    static func normalized(_ value: String?) -> String? {
        value.map { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ") }
    }

    /// The strong or weak `ETag`, for `If-None-Match`.
    var entityTag: String? { headerFields["ETag"] }
    /// `Last-Modified`, for `If-Modified-Since`.
    var lastModified: String? { headerFields["Last-Modified"] }

    /// This reply updated by a `304 Not Modified` (RFC 9111 §4.3.4): the 304's fields replace
    /// those of the same names, except the ones that describe the stored body's framing.
    func updated(with notModified: ResponseHead, requestTime: Date, responseTime: Date) -> StoredResponse {
        var fields = headerFields
        let replaced = Set(
            notModified.headerFields.map { $0.name.lowercased() }.filter { !Self.keptOn304.contains($0) })
        var merged = fields.filter { !replaced.contains($0.name.lowercased()) }
        merged += notModified.headerFields.filter { replaced.contains($0.name.lowercased()) }
        fields = HeaderFields(merged)
        var copy = self
        copy.metadata.fields = fields.map { [$0.name, $0.value] }
        copy.metadata.requestTime = requestTime
        copy.metadata.responseTime = responseTime
        copy.refreshTimes()
        return copy
    }

    /// Fields a 304 never changes in the stored reply: its body's length and encoding, and the
    /// connection's own fields.
    private static let keptOn304: Set<String> = [
        "content-length", "content-encoding", "transfer-encoding", "content-range", "connection", "keep-alive",
        "proxy-connection", "te", "trailer", "upgrade",
    ]
}
