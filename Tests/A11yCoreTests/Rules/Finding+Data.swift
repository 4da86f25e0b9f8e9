@testable import A11yCore
@testable import A11yEngines
@testable import A11yModel
@testable import A11yRules
import A11yCoreTestSupport

/// A finding's `data` values by key, as rule tests read them.
extension Finding {
    func number(_ key: String) -> Double? {
        if case .number(let n)? = data.first(where: { $0.key == key })?.value { return n }
        return nil
    }

    func string(_ key: String) -> String? {
        if case .string(let s)? = data.first(where: { $0.key == key })?.value { return s }
        return nil
    }

    func strings(_ key: String) -> [String]? {
        if case .strings(let s)? = data.first(where: { $0.key == key })?.value { return s }
        return nil
    }

    /// The pointer of the node `data[key]` names (`DataValue.node`).
    func pointer(_ key: String, in document: Document) -> String? {
        if case .node(let n)? = data.first(where: { $0.key == key })?.value { return document.pointer(of: n) }
        return nil
    }

    /// The node `data[key]` names (`DataValue.node`): in a flat fixture screen, `/root/children/k` is node k + 1.
    func node(_ key: String) -> Int? {
        if case .node(let n)? = data.first(where: { $0.key == key })?.value { return n }
        return nil
    }

    /// The nodes `data[key]` lists (`DataValue.nodes`).
    func nodes(_ key: String) -> [Int]? {
        if case .nodes(let list)? = data.first(where: { $0.key == key })?.value { return list }
        return nil
    }
}
