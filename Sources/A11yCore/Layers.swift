import A11yJSON
import A11yText
import A11yXML

// What the core's files use from the targets below it, named once for the whole module.
/// The number writer every output format uses.
typealias NumberText = A11yText.NumberText
/// Where a node of an imported XML document starts (source maps, SARIF regions).
typealias XMLLocation = A11yXML.XMLLocation
/// Requests are read with the JSON reader (Decoding/*).
typealias JSONReader = A11yJSON.JSONReader
/// JSON reports are written with the writer; public because report writers that callers
/// compose (`writeSummary(into:)`, `writeRect(_:into:)`) take one.
public typealias JSONWriter = A11yJSON.JSONWriter
typealias JSONSyntaxError = A11yJSON.JSONSyntaxError
typealias JSONValueKind = A11yJSON.JSONValueKind
typealias KnownKeyWords = A11yJSON.KnownKeyWords
typealias ByteBuffer = A11yJSON.ByteBuffer
/// The JSON punctuation and letters as bytes.
typealias Byte = A11yJSON.Byte
