/// Byte-level lookups of the enumerated strings nodes carry most (`type`, `traits`): by length,
/// then bytes, so reading them makes no String and hashes nothing. `WireNameLookupTests`
/// checks them against `NodeKind.allCases` and `Traits.names`.
enum WireNames {
    static func kind(_ name: JSONKey) -> NodeKind? {
        switch name.bytes.count {
        case 3:
            if name == "tab" { return .tab }
        case 4:
            if name == "view" { return .view }
            if name == "text" { return .text }
            if name == "link" { return .link }
            if name == "list" { return .list }
            if name == "cell" { return .cell }
        case 5:
            if name == "stack" { return .stack }
            if name == "image" { return .image }
        case 6:
            if name == "button" { return .button }
            if name == "toggle" { return .toggle }
            if name == "slider" { return .slider }
            if name == "canvas" { return .canvas }
            if name == "tabSet" { return .tabSet }
        case 7:
            if name == "spinner" { return .spinner }
        case 8:
            if name == "carousel" { return .carousel }
        case 9:
            if name == "textField" { return .textField }
            if name == "accordion" { return .accordion }
            if name == "codeBlock" { return .codeBlock }
        case 11:
            if name == "ratingInput" { return .ratingInput }
            if name == "progressBar" { return .progressBar }
        case 13:
            if name == "ratingDisplay" { return .ratingDisplay }
        case 15:
            if name == "secureTextField" { return .secureTextField }
        default: break
        }
        return nil
    }

    static func trait(_ name: JSONKey) -> Traits? {
        switch name.bytes.count {
        case 4:
            if name == "link" { return .link }
        case 5:
            if name == "image" { return .image }
        case 6:
            if name == "button" { return .button }
            if name == "header" { return .header }
            if name == "tabBar" { return .tabBar }
        case 7:
            if name == "isModal" { return .isModal }
        case 8:
            if name == "selected" { return .selected }
        case 10:
            if name == "staticText" { return .staticText }
            if name == "notEnabled" { return .notEnabled }
            if name == "adjustable" { return .adjustable }
            if name == "playsSound" { return .playsSound }
            if name == "backButton" { return .backButton }
        case 11:
            if name == "searchField" { return .searchField }
            if name == "keyboardKey" { return .keyboardKey }
        case 12:
            if name == "toggleButton" { return .toggleButton }
        case 14:
            if name == "summaryElement" { return .summaryElement }
            if name == "causesPageTurn" { return .causesPageTurn }
        case 17:
            if name == "updatesFrequently" { return .updatesFrequently }
        case 18:
            if name == "startsMediaSession" { return .startsMediaSession }
        case 23:
            if name == "allowsDirectInteraction" { return .allowsDirectInteraction }
        default: break
        }
        return nil
    }

    /// `Color(hex:)` on the string's bytes: `#RRGGBB` or `#RRGGBBAA`, channels n / 255.
    /// Channel by channel with no loop or switch over the channel index (a third of all nodes
    /// carry two colours).
    static func color(_ text: JSONKey) -> Color? {
        let bytes = text.bytes
        guard bytes.count == 7 || bytes.count == 9, bytes[0] == UInt8(ascii: "#") else { return nil }
        @inline(__always) func channel(_ i: Int) -> Double? {
            guard let hi = Color.nibble(bytes[i]), let lo = Color.nibble(bytes[i + 1]) else { return nil }
            return Double(hi << 4 | lo) / 255
        }
        guard let red = channel(1), let green = channel(3), let blue = channel(5) else { return nil }
        if bytes.count == 7 { return Color(red: red, green: green, blue: blue, alpha: 1) }
        guard let alpha = channel(7) else { return nil }
        return Color(red: red, green: green, blue: blue, alpha: alpha)
    }

}
