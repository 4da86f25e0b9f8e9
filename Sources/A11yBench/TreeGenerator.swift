import A11yCore
import A11yJSON

/// Deterministic PRNG (SplitMix64) so every run measures the same documents.
struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}

/// Writes a realistic request of about `nodes` nodes: a screen of sections, each a mix of
/// headers, RDDM cells, combine groups, combinable rows, nested-identifier forms, deferral,
/// tab bars, components, rotors and hidden subtrees, with frames and styles throughout.
/// Nesting stays under 20 levels so Foundation's JSONDecoder (512 cap) can read it too.
struct TreeGenerator {
    private var w = JSONWriter(capacity: 1 << 16)
    private var random: SplitMix64
    private var count = 0
    private var serial = 0
    private var y = 0.0

    static func request(nodes target: Int, seed: UInt64 = 42) -> [UInt8] {
        var g = TreeGenerator(random: SplitMix64(state: seed))
        return g.write(target: target)
    }

    private init(random: SplitMix64) { self.random = random }

    private mutating func write(target: Int) -> [UInt8] {
        w.beginObject()
        w.key("platform"); w.string("ios")
        w.key("idiom"); w.string("phone")
        w.key("layoutDirection"); w.string("ltr")
        w.key("options")
        w.beginObject()
        w.key("level"); w.string("AA")
        w.key("source"); w.string("bench")
        w.endObject()
        w.key("root")
        begin("view", id: "screen")
        frame(0, 0, 390, 844)
        openChildren()
            begin("view", id: "scroll")
            frame(0, 0, 390, 844)
            w.key("a11yRoot"); w.string("screen")
            openChildren()
                var s = 0
                while count < target - 2 {
                    section(s, budget: target - 2 - count)
                    s += 1
                }
            closeChildren()
            end()
        closeChildren()
        end()
        w.endObject()
        return w.bytes
    }

    // MARK: Blocks

    /// A section of up to ~80 nodes under a nested-identifier container.
    private mutating func section(_ s: Int, budget: Int) {
        begin("stack", id: "section-\(s)")
        frame(0, y, 390, 600)
        w.key("nestedIdentifier"); w.string("section\(s)")
        w.key("grouping"); w.string("contain")
        let stop = count + min(budget - 1, 80)
        openChildren()
            header("Section \(s)")
            while count < stop {
                switch random.below(10) {
                case 0: rddmCell()
                case 1: combineGroup()
                case 2: combinableRow()
                case 3: form()
                case 4: deferral()
                case 5: tabBar()
                case 6: component()
                case 7: listWithRotor()
                case 8: hiddenBlock()
                default: text(caption(), style: true)
                }
            }
        closeChildren()
        end()
    }

    private mutating func header(_ title: String) {
        begin("text", id: nil)
        frame(16, advance(28), 358, 28)
        w.key("text"); w.string(title)
        w.key("traits"); strings(["header"])
        style(foreground: "#111111", background: "#FFFFFF", size: 22, weight: "bold")
        end()
    }

    /// RDDM cell: label joined from two children, value from a third, traits merged.
    private mutating func rddmCell() {
        let n = next()
        begin("cell", id: "cell-\(n)")
        frame(0, advance(64), 390, 64)
        w.key("strategies")
        w.beginObject()
        w.key("label")
        w.beginObject()
        w.key("joined")
        w.beginArray()
        ref("title-\(n)", keyPath: "text")
        w.beginObject(); w.key("just"); w.string(", "); w.endObject()
        ref("subtitle-\(n)", keyPath: "text")
        w.endArray()
        w.endObject()
        w.key("value"); ref("price-\(n)", keyPath: "text")
        w.key("traits")
        w.beginObject(); w.key("merge"); strings(["buy-\(n)"]); w.endObject()
        w.endObject()
        openChildren()
            begin("stack", id: nil)
            frame(16, y - 60, 358, 56)
            openChildren()
                text("Item \(n) “special”", id: "title-\(n)", style: true)
                text("Ships in \(n % 5 + 1) days\nFree returns", id: "subtitle-\(n)", style: true)
                text("€\(n % 90 + 10).99", id: "price-\(n)", style: false)
                button("Buy", id: "buy-\(n)", small: random.chance(20)) { g in
                    g.begin("image", id: nil)
                    g.frame(330, g.y - 50, 24, 24)
                    g.w.key("label"); g.w.string("Cart")
                    g.end()
                }
            closeChildren()
            end()
        closeChildren()
        end()
    }

    /// SwiftUI `.combine`: an image, two texts and a button read as one.
    private mutating func combineGroup() {
        begin("stack", id: nil)
        frame(0, advance(80), 390, 80)
        w.key("grouping"); w.string("combine")
        w.key("customContent")
        w.beginArray()
        w.beginObject(); w.key("label"); w.string("Rating"); w.key("value"); w.string("4.5"); w.key("importance"); w.string("high"); w.endObject()
        w.endArray()
        openChildren()
            begin("image", id: nil)
            frame(16, y - 72, 64, 64)
            w.key("label"); w.string("Photo of a café")
            end()
            text("Café \(next())", style: true)
            text(caption(), style: true)
            button("Follow", id: nil, small: random.chance(30)) { _ in }
        closeChildren()
        end()
    }

    /// Blueprint `CombinableView` with a toggle: the toggle's value joins the label.
    private mutating func combinableRow() {
        let n = next()
        begin("view", id: nil)
        frame(0, advance(52), 390, 52)
        w.key("combinable")
        w.beginObject()
        w.key("sorting"); w.string("frame")
        if random.chance(30) {
            w.key("traitsAdjust"); w.beginObject(); w.key("add"); strings(["header"]); w.endObject()
        }
        w.endObject()
        openChildren()
            text("Notifications \(n)", style: true)
            begin("toggle", id: "toggle-\(n)")
            frame(320, y - 46, 51, 31)
            w.key("value"); w.string(n % 2 == 0 ? "1" : "0")
            w.key("actions")
            w.beginArray(); w.beginObject(); w.key("name"); w.string("Reset"); w.endObject(); w.endArray()
            end()
        closeChildren()
        end()
    }

    /// Nested identifiers with a labeled pair: label text names the field.
    private mutating func form() {
        let n = next()
        begin("stack", id: "form-\(n)")
        frame(0, advance(120), 390, 120)
        w.key("nestedIdentifier"); w.string("form\(n)")
        w.key("grouping"); w.string("contain")
        openChildren()
            begin("text", id: nil)
            frame(16, y - 116, 200, 20)
            w.key("text"); w.string("Email")
            w.key("labeledPair"); w.beginObject(); w.key("role"); w.string("label"); w.key("id"); w.string("email\(n)"); w.endObject()
            style(foreground: "#767676", background: "#FFFFFF", size: 13, weight: nil)
            end()
            begin("textField", id: "email-\(n)")
            frame(16, y - 92, 358, 44)
            w.key("value"); w.string("name@example.com")
            w.key("nestedIdentifier"); w.string("field")
            w.key("labeledPair"); w.beginObject(); w.key("role"); w.string("content"); w.key("id"); w.string("email\(n)"); w.endObject()
            end()
            button("Submit", id: "submit-\(n)", small: false, nested: "submit") { _ in }
        closeChildren()
        end()
    }

    /// Blueprint deferral: an error text is announced with its field.
    private mutating func deferral() {
        let n = next()
        begin("view", id: nil)
        frame(0, advance(80), 390, 80)
        w.key("deferral")
        w.beginObject(); w.key("content"); w.beginArray()
        w.beginObject(); w.key("kind"); w.string("error"); w.key("identifier"); w.string("err-\(n)"); w.endObject()
        w.endArray(); w.endObject()
        openChildren()
            begin("secureTextField", id: "password-\(n)")
            frame(16, y - 76, 358, 44)
            w.key("label"); w.string("Password")
            w.key("deferralReceiver"); w.bool(true)
            end()
            begin("text", id: nil)
            frame(16, y - 28, 358, 20)
            w.key("text"); w.string("Too short")
            w.key("deferredSource"); w.string("err-\(n)")
            style(foreground: "#FF3B30", background: "#FFFFFF", size: 12, weight: nil)
            end()
        closeChildren()
        end()
    }

    private mutating func tabBar() {
        begin("view", id: nil)
        frame(0, advance(49), 390, 49)
        w.key("traits"); strings(["tabBar"])
        openChildren()
            for (i, title) in ["Home", "Search", "Cart", "Profile"].enumerated() {
                begin("tab", id: nil)
                frame(Double(i) * 97.5, y - 49, 97.5, 49)
                w.key("label"); w.string(title)
                if i == 0 { w.key("traits"); strings(["button", "selected"]) }
                end()
            }
        closeChildren()
        end()
    }

    private mutating func component() {
        if random.chance(50) {
            begin("carousel", id: "carousel-\(next())")
            frame(0, advance(200), 390, 200)
            w.key("component")
            w.beginObject()
            w.key("pages"); w.int(3); w.key("currentPage"); w.int(0)
            w.key("autoAdvance"); w.bool(true); w.key("respectsReduceMotion"); w.bool(random.chance(50))
            w.endObject()
            openChildren()
                for i in 0..<3 {
                    begin("image", id: nil)
                    frame(Double(i) * 390, y - 200, 390, 200)
                    w.key("label"); w.string("Slide \(i + 1)")
                    end()
                }
            closeChildren()
            end()
        } else {
            begin("progressBar", id: nil)
            frame(16, advance(8), 358, 8)
            w.key("label"); w.string("Upload")
            w.key("component"); w.beginObject(); w.key("progress"); w.number(0.42); w.endObject()
            end()
        }
    }

    /// A list with a headings rotor over its rows.
    private mutating func listWithRotor() {
        let n = next()
        begin("list", id: nil)
        frame(0, advance(132), 390, 132)
        w.key("rotors")
        w.beginArray()
        w.beginObject(); w.key("name"); w.string("Rows"); w.key("items"); strings(["row-\(n)-0", "row-\(n)-1", "row-\(n)-2"]); w.endObject()
        w.endArray()
        openChildren()
            for i in 0..<3 {
                begin("cell", id: "row-\(n)-\(i)")
                frame(0, y - 132 + Double(i) * 44, 390, 44)
                w.key("label"); w.string("Row \(i)")
                w.key("isAccessibilityElement"); w.bool(true)
                w.key("traits"); strings(["button"])
                w.key("hint"); w.string("Opens details")
                end()
            }
        closeChildren()
        end()
    }

    private mutating func hiddenBlock() {
        begin("stack", id: nil)
        frame(0, advance(40), 390, 40)
        if random.chance(50) { w.key("hidden"); w.bool(true) } else { w.key("opacity"); w.number(0) }
        openChildren()
            text("Decoration", style: false)
            begin("image", id: nil)
            frame(0, y - 40, 40, 40)
            end()
        closeChildren()
        end()
    }

    // MARK: Leaves

    private mutating func text(_ s: String, id: String? = nil, style withStyle: Bool) {
        begin("text", id: id)
        frame(16, advance(20), 300, 20)
        w.key("text"); w.string(s)
        if withStyle {
            let low = random.chance(15)
            style(foreground: low ? "#AAAAAA" : "#333333", background: "#FFFFFF", size: 15, weight: nil)
        }
        end()
    }

    private mutating func button(_ label: String, id: String?, small: Bool, nested: String? = nil,
                                 _ content: (inout TreeGenerator) -> Void) {
        begin("button", id: id)
        let side = small ? 30.0 : 44.0
        frame(300, y - side, 74, side)
        w.key("label"); w.string(label)
        w.key("style"); w.beginObject(); w.key("foreground"); w.string("#FFFFFF"); w.key("background"); w.string("#007AFF"); w.endObject()
        if let nested { w.key("nestedIdentifier"); w.string(nested) }
        openChildren()
        content(&self)
        closeChildren()
        end()
    }

    private mutating func style(foreground: String, background: String, size: Double, weight: String?) {
        w.key("style")
        w.beginObject()
        w.key("foreground"); w.string(foreground)
        w.key("background"); w.string(background)
        w.key("fontSize"); w.number(size)
        if let weight { w.key("fontWeight"); w.string(weight) } else { w.key("fontWeight"); w.int(400) }
        w.key("textStyle"); w.string("body")
        w.key("scalesWithDynamicType"); w.bool(random.chance(80))
        w.endObject()
    }

    // MARK: Plumbing

    private mutating func begin(_ type: String, id: String?) {
        count += 1
        w.beginObject()
        w.key("type"); w.string(type)
        if let id { w.key("id"); w.string(id) }
    }

    private mutating func end() { w.endObject() }

    private mutating func openChildren() {
        w.key("children")
        w.beginArray()
    }

    private mutating func closeChildren() { w.endArray() }

    private mutating func frame(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        w.key("frame")
        w.beginObject()
        w.key("x"); w.number(x); w.key("y"); w.number(y)
        w.key("width"); w.number(width); w.key("height"); w.number(height)
        w.endObject()
    }

    private mutating func strings(_ list: [String]) {
        w.beginArray()
        for s in list { w.string(s) }
        w.endArray()
    }

    private mutating func ref(_ id: String, keyPath: String) {
        w.beginObject(); w.key("from"); w.string(id); w.key("keyPath"); w.string(keyPath); w.endObject()
    }

    /// Moves the layout cursor down by `height` and returns the new element's top.
    private mutating func advance(_ height: Double) -> Double {
        let top = y
        y += height + 8
        return top
    }

    private mutating func next() -> Int {
        serial += 1
        return serial
    }

    private mutating func caption() -> String {
        let words = ["Fresh", "daily", "offers", "near", "you", "with", "free", "delivery", "and", "easy", "returns"]
        var out = ""
        for i in 0..<(3 + random.below(6)) {
            if i > 0 { out += " " }
            out += words[random.below(words.count)]
        }
        return out
    }
}
