/// A screenshot of the audited screen, placed on the tree: the decoded pixels, the PNG as it
/// was given (the HTML report embeds it), and where the tree's coordinates fall on it.
///
/// Rules reach it through `RuleContext.screenshot`; `pixelRect(_:)` turns a node's frame
/// (tree units: points, dp, Figma px) into the screenshot's pixels:
///
///     pixel x = (frame x - origin.x) x scale, rounded to the nearest pixel edge
///
/// and the same for y, clipped to the image. Screenshots are read with the inputs: A11yImport's
/// `ScreenshotImporter` decodes the PNG, and its `ScreenshotPlacement` finds `scale` and
/// `origin` for each input format, or refuses a screenshot that does not fit its screen
/// (docs/reports.md, "Screenshots").
public struct Screenshot: Sendable {
    /// What the screenshot was called: its file name, or the multipart part's filename.
    public var name: String
    /// The pixels, 8-bit RGBA, top row first (`image.pixel(x:y:)`).
    public var image: RGBAImage
    /// The PNG file as given: reports embed these bytes, so no re-encoding.
    public var file: [UInt8]
    /// Screenshot pixels per tree unit (the same across and down).
    public var scale: Double
    /// The tree point drawn at the screenshot's top-left pixel (the screen's origin in the
    /// tree: a Figma frame's or our own tree's root frame origin, (0, 0) for dumps).
    public var origin: Point

    public init(name: String, image: RGBAImage, file: [UInt8], scale: Double, origin: Point = Point(x: 0, y: 0)) {
        self.name = name
        self.image = image
        self.file = file
        self.scale = scale
        self.origin = origin
    }

    public var width: Int { image.width }
    public var height: Int { image.height }

    /// The pixels a frame in tree units covers: edges rounded to the nearest pixel edge (an
    /// Android bound, pixels divided by the density, comes back exactly), clipped to the
    /// image; nil when nothing of it is on the screenshot.
    public func pixelRect(_ frame: Rect) -> PixelRect? {
        func edge(_ value: Double, _ origin: Double, _ limit: Int) -> Int {
            let pixel = ((value - origin) * scale).rounded()
            guard pixel.isFinite else { return pixel > 0 ? limit : 0 }
            return Int(Swift.min(Swift.max(pixel, 0), Double(limit)))
        }
        let x0 = edge(frame.minX, origin.x, width), x1 = edge(frame.maxX, origin.x, width)
        let y0 = edge(frame.minY, origin.y, height), y1 = edge(frame.maxY, origin.y, height)
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The tree rectangle a pixel rectangle shows (the inverse of `pixelRect`).
    public func treeRect(_ pixels: PixelRect) -> Rect {
        Rect(x: origin.x + Double(pixels.x) / scale, y: origin.y + Double(pixels.y) / scale,
             width: Double(pixels.width) / scale, height: Double(pixels.height) / scale)
    }

    /// A size or scale as screenshot messages and summaries write it: no trailing ".0", at
    /// most two decimals.
    package static func figure(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
    }
}

/// A screenshot's pixels: 8 bits per channel, red, green, blue, alpha, row-major, top row
/// first. `pixels.count == width * height * 4`; pixel (x, y) starts at `(y * width + x) * 4`.
/// The pixels never change once decoded (a phone's screenshot is about 10 MB of them).
public struct RGBAImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4, "an RGBA image has 4 bytes a pixel")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The RGBA of pixel (x, y).
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}

/// A rectangle of whole pixels on a screenshot: columns `x ..< x + width`, rows `y ..< y + height`.
public struct PixelRect: Equatable, Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
}
