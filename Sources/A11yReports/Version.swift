/// The product's version, in one place: `a11y-audit --version` prints it, and reports that
/// name their tool (SARIF's `tool.driver.version` and `semanticVersion`) take it from here.
/// Semantic versioning (MAJOR.MINOR.PATCH); the OpenAPI document's `info.version` and the
/// image tags in Deploy/ say the same number.
public enum A11yAuditVersion {
    public static let current = "1.0.0"
}
