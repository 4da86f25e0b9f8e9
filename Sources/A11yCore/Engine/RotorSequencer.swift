/// Blueprint's `RotorSequencer`: rotors of one system type become a single rotor that
/// walks the items of all of them in order. Named custom rotors stay as they are.
enum RotorSequencer {
    static func sequence(_ rotors: [Rotor]) -> [Rotor] {
        var result: [Rotor] = []
        var indexOfType: [String: Int] = [:]
        for rotor in rotors {
            guard let type = rotor.systemType else { result.append(rotor); continue }
            if let at = indexOfType[type] {
                result[at].items += rotor.items
            } else {
                indexOfType[type] = result.count
                result.append(rotor)
            }
        }
        return result
    }
}
