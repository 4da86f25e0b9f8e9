// swift-tools-version:6.0
import PackageDescription

// No package dependencies by design: the HTTP server is our own (epoll through Glibc),
// and libcurl is only linked by the integration tests.
// The core's layers call each other on the hot path (the engines walk the model's nodes, the
// rules read the engines' elements): full cross-module optimization gets back part of the
// inlining one module had (docs/performance.md, "The layers"). Kept although it is an unsafe
// flag: SwiftPM refuses a package with unsafe flags as another package's dependency, so the
// `A11yCore` library product is for this package's own front ends until the hot accessors
// are `@inlinable` and the flag can go.
let crossModule: [SwiftSetting] = [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]

let package = Package(
    name: "a11y-audit",
    products: [
        .executable(name: "a11y-audit", targets: ["A11yAudit"]),
        .library(name: "A11yCore", targets: ["A11yCore"]),
    ],
    targets: [
        // Numbers as text, one format per output: used by the core and the transport alike.
        .target(name: "A11yText"),
        // A streaming XML reader (the XML importers read with it).
        .target(name: "A11yXML"),
        // Our own PNG decoder (zlib/DEFLATE included): screenshots to 8-bit RGBA, strict and bounded
        // (the importers decode with it).
        .target(name: "A11yPNG"),
        // The JSON reader and writer (requests are read, reports written with them).
        .target(name: "A11yJSON", dependencies: ["A11yText"]),
        // The accessibility core, in layers from the bottom up; each target depends only on
        // those above it in this list, and none does I/O.
        // Model and wire: documents, nodes, traits, options, budgets, input errors, a screenshot's
        // RGBA pixels (Model/); our JSON tree format's field table and schema (Wire/) and its
        // reader (Decoding/).
        .target(name: "A11yModel", dependencies: ["A11yJSON"], swiftSettings: crossModule, linkerSettings: [.linkedLibrary("m")]),
        // Engines: what a screen reader visits and says (elements, reading order, speech).
        .target(name: "A11yEngines", dependencies: ["A11yModel", "A11yText"], swiftSettings: crossModule),
        // Rules: the rule engine (RuleEngine/) and every rule (Rules/).
        .target(name: "A11yRules", dependencies: ["A11yEngines", "A11yModel", "A11yJSON", "A11yText"], swiftSettings: crossModule),
        // Reports: the JSON response, SARIF, JUnit, HTML, text, markdown, GitHub; baselines.
        .target(name: "A11yReports", dependencies: ["A11yRules", "A11yEngines", "A11yModel", "A11yJSON", "A11yText"], swiftSettings: crossModule),
        // Importers: Android and iOS dumps, Figma files into a Document, a PNG screenshot decoded and
        // placed on its screen; the only users of the XML reader and the PNG decoder.
        .target(name: "A11yImport", dependencies: ["A11yEngines", "A11yModel", "A11yJSON", "A11yXML", "A11yPNG"], swiftSettings: crossModule),
        // The audit entry point, `Audit.run`: request bytes in any input format, with its
        // `AuditSettings`, to an `AuditRun`. The library product; callers import the layers
        // whose types they use.
        .target(name: "A11yCore", dependencies: ["A11yImport", "A11yReports", "A11yRules", "A11yEngines", "A11yModel"], swiftSettings: crossModule),
        // The front ends' spellings: CLI flags and query parameters and their words, format names,
        // media types. The core layers know none of them.
        .target(name: "A11yOptions", dependencies: ["A11yCore", "A11yImport", "A11yReports", "A11yRules", "A11yModel"], swiftSettings: crossModule),
        // epoll / accept4 / signalfd declarations Glibc does not export to Swift.
        .target(name: "CEpoll"),
        // The HTTP/1.1 request parser: a pure function of the bytes (head and chunked body).
        .target(name: "HTTPParser"),
        // HTTP/1.1 transport: reactor, connection state machine, event loop, router and middleware. Knows nothing of accessibility.
        .target(name: "HTTPServer", dependencies: ["CEpoll", "HTTPParser", "A11yText", "A11yJSON"]),
        // The service: routes and handlers that call the core; metrics, auth, access log.
        .target(name: "A11yService", dependencies: ["A11yCore", "A11yJSON", "A11yOptions", "A11yImport", "A11yReports", "A11yRules", "A11yModel", "HTTPParser", "HTTPServer"], plugins: ["OpenAPIDocumentPlugin"]),
        .executableTarget(name: "A11yAudit", dependencies: ["A11yCore", "A11yOptions", "A11yImport", "A11yReports", "A11yRules", "A11yModel", "A11yService"]),
        .executableTarget(name: "A11yBench", dependencies: ["A11yCore", "A11yOptions", "A11yImport", "A11yReports", "A11yRules", "A11yEngines", "A11yModel", "A11yJSON", "A11yXML", "A11yPNG", "HTTPServer", "PNGReference", "GeneratedInputs"]),
        // The PNG decoder's benchmark: our decoder next to zlib's inflate and libpng's decode.
        .executableTarget(name: "PNGBench", dependencies: ["A11yPNG", "CPNGReference", "PNGReference", "GeneratedInputs"]),
        // Inputs the benchmarks and the tests both generate (SplitMix64, issue 24's Figma attack
        // shape): plain Swift, no dependencies; the product never links it.
        .target(name: "GeneratedInputs"),
        // libpng and zlib for PNGBench only (Debian libpng-dev, zlib1g-dev); the product never links them.
        .systemLibrary(name: "CPNGReference", providers: [.apt(["libpng-dev", "zlib1g-dev"])]),
        // zlib's inflate and libpng's decode called from Swift, shared by both benchmarks.
        .target(name: "PNGReference", dependencies: ["CPNGReference"]),
        // At build time, openapi.md's JSON block becomes `OpenAPIDocument.json` (GET /openapi.json).
        .plugin(name: "OpenAPIDocumentPlugin", capability: .buildTool(), dependencies: ["OpenAPIDocumentGenerator"]),
        .executableTarget(name: "OpenAPIDocumentGenerator"),
        // libcurl for integration tests only (Debian libcurl4-openssl-dev).
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // Helpers the test targets share: repository paths, file reading, a raw TCP client, child
        // processes, PNG files, speech pairs and tree text (our JSON format, Android dumps, XCUITest
        // page sources). No core target: the transport's and readers' tests use it too.
        .target(name: "A11yTestSupport", dependencies: ["GeneratedInputs"], path: "Tests/A11yTestSupport/General"),
        // Helpers that need the core: tree text decoded, analyzed, audited through `Audit.run`,
        // its rules run, what a screen reader says.
        .target(name: "A11yCoreTestSupport", dependencies: ["A11yCore", "A11yImport", "A11yReports", "A11yRules", "A11yEngines", "A11yModel", "A11yTestSupport"],
                path: "Tests/A11yTestSupport/Core"),
        .testTarget(name: "A11yCoreTests", dependencies: ["A11yCore", "A11yOptions", "A11yImport", "A11yReports", "A11yRules", "A11yEngines", "A11yModel", "A11yTestSupport", "A11yCoreTestSupport", "GeneratedInputs"], resources: [.copy("Fixtures")]),
        .testTarget(name: "HTTPParserTests", dependencies: ["HTTPParser"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "A11yTestSupport"]),
        .testTarget(name: "A11yTextTests", dependencies: ["A11yText", "A11yTestSupport"]),
        .testTarget(name: "A11yXMLTests", dependencies: ["A11yXML"]),
        .testTarget(name: "A11yPNGTests", dependencies: ["A11yPNG", "A11yTestSupport"]),
        .testTarget(name: "A11yJSONTests", dependencies: ["A11yJSON", "A11yTestSupport"]),
        // Runs the built `a11y-audit` binary: flags, formats, exit codes.
        .testTarget(name: "A11yAuditTests", dependencies: ["A11yAudit", "A11yTestSupport"]),
        .testTarget(name: "A11yServiceTests", dependencies: ["A11yService", "A11yCore", "A11yImport", "A11yReports", "A11yRules", "A11yModel", "A11yPNG", "HTTPServer", "CCurl", "A11yTestSupport", "GeneratedInputs"]),
    ]
)
