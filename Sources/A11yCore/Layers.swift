import A11yText
import A11yXML

// What the core's files use from the targets below it, named once for the whole module.
/// The number writer every output format uses.
typealias NumberText = A11yText.NumberText
/// Where a node of an imported XML document starts (source maps, SARIF regions).
typealias XMLLocation = A11yXML.XMLLocation
