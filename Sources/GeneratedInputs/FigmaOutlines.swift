/// Issue 24's Figma shape: `n` texts over a BOOLEAN_OPERATION whose `fillGeometry` has `n`
/// paths, each a sliver as tall as the screen, so every text's backdrop test meets every path.
/// `A11yBench --attacks figma-outlines` measures it; the tests check that the importer pays
/// for it from its allowance and stops at the time budget.
public enum FigmaOutlines {
    /// The Figma file (a `GET /v1/files/:key/nodes` answer) of size `n`.
    public static func json(_ n: Int) -> String {
        let height = n * 20
        let straight = "\"relativeTransform\":[[1,0,0],[0,1,0]]"
        func box(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> String {
            "\"absoluteBoundingBox\":{\"x\":\(x),\"y\":\(y),\"width\":\(w),\"height\":\(h)}"
        }
        func fill(_ v: Int) -> String { "\"fills\":[{\"type\":\"SOLID\",\"color\":{\"r\":\(v),\"g\":\(v),\"b\":\(v),\"a\":1}}]" }
        let paths = (0..<n).map { k in
            let x = Double(k) * 400 / Double(n)
            return "{\"path\":\"M\(x) 0L\(x + 0.05) 0L\(x) \(height)Z\",\"windingRule\":\"NONZERO\"}"
        }
        let texts = (0..<n).map { k in
            "{\"id\":\"3:\(k)\",\"name\":\"t\",\"type\":\"TEXT\",\"characters\":\"Text \(k)\",\(box(10, k * 20, 300, 10)),\(fill(0))}"
        }
        var s = "{\"name\":\"A\",\"nodes\":{\"1:1\":{\"document\":{\"id\":\"1:1\",\"name\":\"S\",\"type\":\"FRAME\",\(box(0, 0, 400, height)),\(straight),\(fill(1)),\"children\":["
        s += "{\"id\":\"2:1\",\"name\":\"B\",\"type\":\"BOOLEAN_OPERATION\",\(box(0, 0, 400, height)),\(straight),\(fill(1)),\"fillGeometry\":["
        s += paths.joined(separator: ",") + "]},"
        s += texts.joined(separator: ",")
        s += "]},\"components\":{},\"styles\":{}}}}"
        return s
    }
}
