import PackagePlugin

/// Generates `OpenAPIDocument.swift` (the document GET /openapi.json serves) from the one
/// ```json block of openapi.md at the package root, so the served document and the one
/// people read cannot drift apart. The build reruns it whenever openapi.md changes.
@main
struct OpenAPIDocumentPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let markdown = context.package.directoryURL.appending(path: "openapi.md")
        let output = context.pluginWorkDirectoryURL.appending(path: "OpenAPIDocument.swift")
        return [
            .buildCommand(
                displayName: "Generating OpenAPIDocument.swift from openapi.md",
                executable: try context.tool(named: "OpenAPIDocumentGenerator").url,
                arguments: [markdown.path(percentEncoded: false), output.path(percentEncoded: false)],
                inputFiles: [markdown],
                outputFiles: [output])
        ]
    }
}
