/// Names made unique with a counter: a name is given as it is the first time and with a suffix
/// after that. The one place that counts, so that the suffixes the output has always had (`name2`,
/// `id_2`, `NameValue2`, `ModelsOperations`) are spelled once each.
struct UniqueNames {
    /// How a name already taken is told apart.
    enum Suffix {
        /// `name2`, `name3`… (with `separator` before the number: `name_2`).
        case number(separator: String)
        /// `nameWord`, then `nameWord2`, `nameWord3`…
        case word(String)

        /// The `attempt`th other name for `base` (from 1).
        func name(_ base: String, attempt: Int) -> String {
            switch self {
            case .number(let separator): return base + separator + String(attempt &+ 1)
            case .word(let word): return base + word + (attempt > 1 ? String(attempt) : "")
            }
        }
    }

    private var taken: Set<String>
    private let suffix: Suffix
    /// Whether names that differ only in case are the same (file names, on macOS).
    private let ignoringCase: Bool

    init(_ taken: Set<String> = [], suffix: Suffix = .number(separator: ""), ignoringCase: Bool = false) {
        self.suffix = suffix
        self.ignoringCase = ignoringCase
        self.taken = ignoringCase ? Set(taken.map { $0.lowercased() }) : taken
    }

    /// The names taken so far.
    var names: Set<String> { taken }

    func contains(_ name: String) -> Bool { taken.contains(key(name)) }

    /// Gives `name` back (a declaration dropped after all).
    mutating func release(_ name: String) { taken.remove(key(name)) }

    /// `base` when it is free, else its first suffixed form that is; taken from now on. `suffix`
    /// overrides the set's own for this name; `alsoTaken` says which names are taken elsewhere (an
    /// enclosing scope, a reserved word).
    mutating func claim(_ base: String, suffix: Suffix? = nil, alsoTaken: (String) -> Bool = { _ in false }) -> String {
        let style = suffix ?? self.suffix
        var candidate = base
        var attempt = 0
        while contains(candidate) || alsoTaken(candidate) {
            attempt &+= 1
            candidate = style.name(base, attempt: attempt)
        }
        taken.insert(key(candidate))
        return candidate
    }

    private func key(_ name: String) -> String { ignoringCase ? name.lowercased() : name }
}
