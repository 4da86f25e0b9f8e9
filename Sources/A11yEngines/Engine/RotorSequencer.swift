import A11yModel
/// Blueprint's `AccessibilityComposition.RotorSequencer`: named custom rotors stay as they
/// are and come first; rotors of one system type become a single rotor, after the named
/// ones, that walks the items of all of them in order. (Blueprint lists the system types in
/// its dictionary's order, which is unspecified; here they follow their first appearance.)
enum RotorSequencer {
    static func sequence(_ rotors: [Rotor]) -> [Rotor] {
        var named: [Rotor] = [], system: [Rotor] = []
        var indexOfType: [String: Int] = [:]
        for rotor in rotors {
            guard let type = rotor.systemType else { named.append(rotor); continue }
            if let at = indexOfType[type] {
                system[at].items += rotor.items
            } else {
                indexOfType[type] = system.count
                system.append(rotor)
            }
        }
        return named + system
    }
}
