import A11yPNG

/// A screenshot of the audited screen, placed on the tree: the decoded pixels, the PNG as it
/// was given (the HTML report embeds it), and where the tree's coordinates fall on it.
///
/// Rules reach it through `RuleContext.screenshot`; `pixelRect(_:)` turns a node's frame
/// (tree units: points, dp, Figma px) into the screenshot's pixels:
///
///     pixel x = (frame x - origin.x) x scale, rounded to the nearest pixel edge
///
/// and the same for y, clipped to the image. How `scale` and `origin` are found for each
/// input format, and when a screenshot is refused as not fitting its screen, is
/// `ScreenshotPlacement` (and docs/reports.md, "Screenshots").
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

/// A PNG given beside an input, before it is decoded: its name and bytes, and what decoding
/// it may cost. `Audit.run` (its settings' `screenshot`) places it on the input's one screen.
public struct ScreenshotFile: Sendable {
    public var name: String
    public var bytes: ArraySlice<UInt8>
    public var limits: PNGLimits

    public init(name: String, bytes: ArraySlice<UInt8>, limits: PNGLimits = PNGLimits()) {
        self.name = name
        self.bytes = bytes
        self.limits = limits
    }
}

/// Where a screenshot falls on a screen's tree, and whether it fits at all.
///
/// - **Android dumps**: bounds are screenshot pixels. The importer divides them by the
///   density, so the scale is that density and the origin (0, 0). The screenshot must be as
///   wide as the screen (Appium's display width, else the bounds' right-most edge) to within
///   1 pixel, and at least as tall as the screen (the display height, else the lowest bound)
///   less 1 pixel: a navigation bar below the dump's screen is allowed, a cropped or resized
///   screenshot is not.
/// - **iOS page sources, Figma frames, our own JSON tree**: the screen is the root's frame (or,
///   when the root has none, the first node's in document order that has one: the
///   application element of a page source). The scale is the screenshot's width over the
///   screen's (iOS: the screen scale, 2 or 3; Figma: the export scale), taken to the nearest
///   multiple of 1/8; the screenshot's width and height must each be that scale times the
///   screen's, to within 1 pixel. So a 390 x 844 pt screen fits 1170 x 2532 (3x) or
///   780 x 1688 (2x), and not 1080 x 2400 (another device) or 1000 x 2164 (resized: 2.564).
///   The origin is the screen's own (a tree whose root frame starts at (100, 40) is drawn
///   from there).
public enum ScreenshotPlacement {
    /// Most pixels the screenshot's sides may differ from the screen's scaled sides.
    public static let tolerancePixels = 1.0
    /// Scales are whole multiples of this (Android densities such as 2.625 are; Figma's
    /// export scales 0.5, 0.75, 1, 1.5, 2, 3, 4 are).
    public static let scaleStep = 0.125

    /// The scale and origin of a `width` x `height` screenshot of `document`'s screen, or an
    /// `InputError` (`.screenshot`) saying why it does not fit.
    public static func place(width: Int, height: Int, on document: Document, name: String) throws(InputError) -> (scale: Double, origin: Point) {
        guard width > 0, height > 0 else { throw refusal(name, "has no pixels") }
        let w = Double(width), h = Double(height)
        if let density = document.pixelsPerUnit {
            guard let screen = androidScreen(document, density: density) else {
                throw refusal(name, "cannot be placed: the dump has no bounds and no display size")
            }
            guard abs(w - screen.width) <= tolerancePixels, h >= screen.height - tolerancePixels else {
                throw refusal(name, "is \(width) x \(height) pixels, but the dump's screen is \(pixels(screen.width)) x \(pixels(screen.height)) pixels: an Android screenshot must be the screen's own pixels, as wide as the screen (within \(pixels(tolerancePixels)) pixel) and at least as tall")
            }
            return (density, Point(x: 0, y: 0))
        }
        guard let screen = screenFrame(document), screen.width > 0, screen.height > 0 else {
            throw refusal(name, "cannot be placed: the tree's root has no frame with an area, so the screen's size is unknown")
        }
        let step = max(scaleStep, (w / screen.width / scaleStep).rounded() * scaleStep)
        let expectedW = step * screen.width, expectedH = step * screen.height
        guard abs(w - expectedW) <= tolerancePixels, abs(h - expectedH) <= tolerancePixels else {
            let exact = w / screen.width
            let screenSize = "the screen of \(pixels(screen.width)) x \(pixels(screen.height)) units"
            guard exact >= scaleStep / 2 else {
                throw refusal(name, "is \(width) x \(height) pixels, less than 1/8 pixel a unit of \(screenSize): the screenshot of another screen?")
            }
            throw refusal(name, "is \(width) x \(height) pixels, which does not fit \(screenSize): at \(pixels(exact)) pixels a unit it would be \(width) x \(pixels((exact * screen.height).rounded())) pixels; the scale must be a multiple of 1/8 (1, 2, 3...) and both sides must agree within \(pixels(tolerancePixels)) pixel")
        }
        return (step, Point(x: screen.x, y: screen.y))
    }

    /// The root's frame, else the first frame in document order.
    static func screenFrame(_ document: Document) -> Rect? {
        for node in document.nodes {
            if let frame = node.frame { return frame }
        }
        return nil
    }

    /// An Android screen in pixels: the display size when the dump says it (the root's frame),
    /// else the extent of the bounds (right-most and lowest edges).
    static func androidScreen(_ document: Document, density: Double) -> Rect? {
        if let frame = document.nodes.first?.frame, frame.width > 0, frame.height > 0 {
            return Rect(x: 0, y: 0, width: (frame.width * density).rounded(), height: (frame.height * density).rounded())
        }
        var right = 0.0, bottom = 0.0
        for node in document.nodes {
            guard let frame = node.frame else { continue }
            right = max(right, frame.maxX); bottom = max(bottom, frame.maxY)
        }
        guard right > 0, bottom > 0 else { return nil }
        return Rect(x: 0, y: 0, width: (right * density).rounded(), height: (bottom * density).rounded())
    }

    static func refusal(_ name: String, _ what: String) -> InputError {
        InputError(.screenshot, "the screenshot \(name) \(what)", at: "")
    }

    /// A figure without a trailing ".0", at most two decimals.
    package static func pixels(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
    }
}

extension Screenshot {
    /// Decodes `file` and places it on `document`'s screen: geometry is checked from the PNG's
    /// header first, so a screenshot that does not fit costs no decode.
    public static func placed(_ file: ScreenshotFile, on document: Document) throws(InputError) -> Screenshot {
        let size: (width: Int, height: Int)
        do { size = try PNGDecoder.size(of: file.bytes) } catch { throw pngError(file.name, error) }
        // Too large to decode here is said as such, before whether it fits the screen.
        if size.width.multipliedReportingOverflow(by: size.height).partialValue > file.limits.maxPixels || size.width > file.limits.maxDimension
            || size.height > file.limits.maxDimension || size.width.multipliedReportingOverflow(by: size.height).overflow {
            throw InputError(.screenshot, "the screenshot \(file.name) is \(size.width) x \(size.height) pixels, more than the \(file.limits.maxPixels) pixels a screenshot may have here", at: "")
        }
        let (scale, origin) = try ScreenshotPlacement.place(width: size.width, height: size.height, on: document, name: file.name)
        let decoded: PNGImage
        do { decoded = try PNGDecoder.decode(file.bytes, limits: file.limits) } catch { throw pngError(file.name, error) }
        let image = RGBAImage(width: decoded.width, height: decoded.height, pixels: decoded.pixels)
        return Screenshot(name: file.name, image: image, file: Array(file.bytes), scale: scale, origin: origin)
    }

    /// A screenshot given with an input of several screens, which it cannot be told apart for.
    package static func oneScreenOnly(_ name: String, screens: Int) -> InputError {
        InputError(.screenshot, "the screenshot \(name) goes with one screen, but the input has \(screens) screens: give each screen its own input and screenshot", at: "")
    }

    static func pngError(_ name: String, _ error: PNGError) -> InputError {
        InputError(.screenshot, "the screenshot \(name) is not a PNG we can read: \(error.description)", at: "")
    }
}
