/// RDDM strategies as written, with node ids not yet resolved.
struct RawStrategies {
    /// Not `indirect`: `joined` recurses through its array already, and boxing every case cost
    /// an allocation per form.
    enum StringForm {
        case ignored, just(String?), from(Reference, StringStrategy.KeyPath), joined([StringForm])
    }
    enum TraitsForm { case ignored, just(Traits), from(Reference), merge([Reference]) }

    var label: StringForm = .ignored
    var value: StringForm = .ignored
    var traits: TraitsForm = .ignored
    var ignored: Bool?

    static func decode(_ c: inout JSONCursor) throws(InputError) -> RawStrategies {
        var s = RawStrategies()
        var object = try c.beginObject("a strategies object {label, value, traits, ignored}")
        while let key = try c.nextKey(&object) {
            switch key {
            case "label": s.label = try stringStrategy(&c)
            case "value": s.value = try stringStrategy(&c)
            case "traits": s.traits = try traitsStrategy(&c)
            case "ignored": if try !c.consumeNull() { s.ignored = try c.bool() }
            default: try c.skip()
            }
        }
        return s
    }

    /// `"ignored"`, `{"just": text|null}`, `{"from": id, "keyPath": ...}` or `{"joined": [...]}`.
    /// Nesting of `joined` is bounded by the reader's depth limit.
    private static func stringStrategy(_ c: inout JSONCursor) throws(InputError) -> StringForm {
        if try c.kind() == .string {
            let word = try c.string()
            guard word == "ignored" else { throw c.error(.invalidValue, "unknown string strategy \"\(word)\"") }
            return .ignored
        }
        var result: StringForm?
        var from: Reference?
        var keyPath = StringStrategy.KeyPath.label
        var object = try c.beginObject("a string strategy")
        while let key = try c.nextKey(&object) {
            switch key {
            case "just": result = .just(try c.consumeNull() ? nil : try c.string())
            case "from": from = Reference(id: try c.string(), location: c.location)
            case "keyPath": keyPath = try c.enumeration(StringStrategy.KeyPath.self)
            case "joined":
                var parts: [StringForm] = []
                // Joins are short: room for a few parts up front instead of growing 1, 2, 4.
                parts.reserveCapacity(4)
                var list = try c.beginArray()
                while try c.nextElement(&list) { parts.append(try stringStrategy(&c)) }
                result = .joined(parts)
            default: try c.skip()
            }
        }
        if let from { return .from(from, keyPath) }
        guard let result else { throw c.error(.invalidValue, "string strategy needs \"just\", \"from\" or \"joined\"") }
        return result
    }

    /// `"ignored"`, `{"just": [traits]}`, `{"from": id}` or `{"merge": [ids]}`.
    private static func traitsStrategy(_ c: inout JSONCursor) throws(InputError) -> TraitsForm {
        if try c.kind() == .string {
            let word = try c.string()
            guard word == "ignored" else { throw c.error(.invalidValue, "unknown traits strategy \"\(word)\"") }
            return .ignored
        }
        var result: TraitsForm?
        var object = try c.beginObject("a traits strategy")
        while let key = try c.nextKey(&object) {
            switch key {
            case "just": result = .just(try NodeFields.traits(&c))
            case "from": result = .from(Reference(id: try c.string(), location: c.location))
            case "merge":
                var refs: [Reference] = []
                var list = try c.beginArray()
                while try c.nextElement(&list) { refs.append(Reference(id: try c.string(), location: c.location)) }
                result = .merge(refs)
            default: try c.skip()
            }
        }
        guard let result else { throw c.error(.invalidValue, "traits strategy needs \"just\", \"from\" or \"merge\"") }
        return result
    }

    package func resolve(_ index: [String: Int], _ c: borrowing JSONCursor) throws(InputError) -> Strategies {
        var s = Strategies()
        s.label = try RawStrategies.resolve(label, index, c)
        s.value = try RawStrategies.resolve(value, index, c)
        switch traits {
        case .ignored: s.traits = .ignored
        case .just(let t): s.traits = .just(t)
        case .from(let ref): s.traits = .from(try ref.resolve(index, c))
        case .merge(let refs):
            var nodes: [Int] = []
            nodes.reserveCapacity(refs.count)
            for ref in refs { nodes.append(try ref.resolve(index, c)) }
            s.traits = .merge(nodes)
        }
        s.ignored = ignored
        return s
    }

    private static func resolve(_ form: StringForm, _ index: [String: Int], _ c: borrowing JSONCursor) throws(InputError) -> StringStrategy {
        switch form {
        case .ignored: return .ignored
        case .just(let text): return .just(text)
        case .from(let ref, let keyPath): return .from(try ref.resolve(index, c), keyPath)
        case .joined(let parts):
            var resolved: [StringStrategy] = []
            resolved.reserveCapacity(parts.count)
            for part in parts { resolved.append(try resolve(part, index, c)) }
            return .joined(resolved)
        }
    }
}
