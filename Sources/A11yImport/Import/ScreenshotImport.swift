import A11yModel
import A11yPNG

/// A PNG given beside an input, before it is decoded: its name and bytes, and what decoding
/// it may cost. `Audit.run` (its settings' `screenshot`) places it on the input's one screen
/// with `ScreenshotImporter.screenshot(_:on:)`.
public struct ScreenshotFile: Sendable {
    public var name: String
    public var bytes: ArraySlice<UInt8>
    public var limits: ScreenshotLimits

    public init(name: String, bytes: ArraySlice<UInt8>, limits: ScreenshotLimits = ScreenshotLimits()) {
        self.name = name
        self.bytes = bytes
        self.limits = limits
    }
}

/// What decoding a screenshot may cost: the PNG decoder's bounds (docs/reliability.md, "PNG
/// decoder"), of which a front end sets the two a request's memory depends on.
public struct ScreenshotLimits: Sendable, Equatable {
    var png: PNGLimits

    /// The decoder's defaults: 40,000,000 pixels, 256 MiB of inflated image data.
    public init() { png = PNGLimits() }

    public init(maxPixels: Int, maxDecompressedBytes: Int) {
        png = PNGLimits(maxPixels: maxPixels, maxDecompressedBytes: maxDecompressedBytes)
    }

    /// Most pixels (width × height) a screenshot may have; decoded, each is 4 bytes.
    public var maxPixels: Int {
        get { png.maxPixels }
        set { png.maxPixels = newValue }
    }

    /// Most bytes the PNG's image data may inflate to (filter bytes and Adam7 passes included).
    public var maxDecompressedBytes: Int {
        get { png.maxDecompressedBytes }
        set { png.maxDecompressedBytes = newValue }
    }

    /// Whether a `width` x `height` screenshot is too large to decode here: refused from its
    /// header, before it is decoded or even placed.
    func refuses(width: Int, height: Int) -> Bool {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow || pixels > png.maxPixels || width > png.maxDimension || height > png.maxDimension
    }
}

extension ScreenshotFile {
    /// The bytes decoding it will hold at most (the RGBA output and the inflated rows), from
    /// its PNG header alone; 0 when it will be refused before decoding (not a PNG, or more
    /// pixels than `limits` allow). The service reserves this before the audit starts.
    package var decodingBytes: Int {
        guard let size = try? PNGDecoder.size(of: bytes), !limits.refuses(width: size.width, height: size.height) else { return 0 }
        return PNGDecoder.decodedBytes(width: size.width, height: size.height)
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

    /// A figure as the messages write it (`Screenshot.figure`).
    static func pixels(_ value: Double) -> String { Screenshot.figure(value) }
}

/// A screenshot read with its input: the PNG decoded (A11yPNG, bounded by the file's
/// `limits`) and placed on the input's one screen (`ScreenshotPlacement`). Every refusal is an
/// `InputError` of kind `.screenshot` naming the file.
public enum ScreenshotImporter {
    /// Decodes `file` and places it on `document`'s screen: geometry is checked from the PNG's
    /// header first, so a screenshot that does not fit costs no decode. The decoded pixels
    /// become the model's `RGBAImage` as they are (the array is handed over, not copied).
    public static func screenshot(_ file: ScreenshotFile, on document: Document) throws(InputError) -> Screenshot {
        let size: (width: Int, height: Int)
        do { size = try PNGDecoder.size(of: file.bytes) } catch { throw pngError(file.name, error) }
        // Too large to decode here is said as such, before whether it fits the screen.
        if file.limits.refuses(width: size.width, height: size.height) {
            let side = max(size.width, size.height)
            let limit = side > file.limits.png.maxDimension
                ? "a side of more than the \(file.limits.png.maxDimension) pixels a screenshot's side may have"
                : "more than the \(file.limits.maxPixels) pixels a screenshot may have here"
            throw InputError(.screenshot, "the screenshot \(file.name) is \(size.width) x \(size.height) pixels, \(limit)", at: "")
        }
        let (scale, origin) = try ScreenshotPlacement.place(width: size.width, height: size.height, on: document, name: file.name)
        let decoded: PNGImage
        do { decoded = try PNGDecoder.decode(file.bytes, limits: file.limits.png) } catch { throw pngError(file.name, error) }
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
