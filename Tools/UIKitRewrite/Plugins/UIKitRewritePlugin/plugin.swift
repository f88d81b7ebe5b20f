// The build-tool plugin: compiles a target's iOS files through uikit-rewrite, leaving them untouched.
//
// A build-tool plugin cannot take files out of a target: it can only add generated ones. So the iOS files live in a
// folder the target excludes (`exclude: ["iOS"]` in the manifest), by default `iOS/` inside the target's folder, and
// the plugin gives the target their rewritten copies, made in the plugin's work directory by one build command over
// all of them (a member may move from one file's extension into another file's class). The folder may be a symbolic
// link to the app's own folder.
import Foundation
import PackagePlugin

@main
struct UIKitRewritePlugin: BuildToolPlugin {
    /// The folder, inside the target's folder, that holds the iOS files.
    static let folderName = "iOS"

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let folder = target.directoryURL.appending(path: Self.folderName)
        let inputs = try Self.swiftFiles(in: folder)
        guard !inputs.isEmpty else {
            Diagnostics.warning("UIKitRewritePlugin: no Swift files in \(folder.path()) (the target's iOS folder)")
            return []
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "Rewritten")
        let support = output.appending(path: "_UIKitRewriteSupport.swift")
        var arguments = ["--support", support.path()]
        var outputs = [support]
        for input in inputs {
            // `Sub/File.swift` as `Sub_File.rewritten.swift`: a module cannot hold two files of one name, and the
            // compiler warns when a generated file's name is the one its `#sourceLocation` gives.
            let relative = String(input.path().dropFirst(folder.path().count)).trimmingPrefix("/")
            let flattened = relative.replacingOccurrences(of: "/", with: "_").dropLast(".swift".count)
            let rewritten = output.appending(path: flattened + ".rewritten.swift")
            arguments += ["--file", input.path(), rewritten.path()]
            outputs.append(rewritten)
        }
        return [
            .buildCommand(
                displayName: "Rewriting \(inputs.count) iOS file(s) of \(target.name) for Linux (uikit-rewrite)",
                executable: try context.tool(named: "uikit-rewrite").url,
                arguments: arguments,
                inputFiles: inputs,
                outputFiles: outputs
            ),
        ]
    }

    /// The Swift files under `folder`, recursively, in a stable order; none when the folder does not exist.
    static func swiftFiles(in folder: URL) throws -> [URL] {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: folder.path(), isDirectory: &isDirectory), isDirectory.boolValue else {
            return []
        }
        let resolved = folder.resolvingSymlinksInPath()
        guard let enumerator = manager.enumerator(at: resolved, includingPropertiesForKeys: nil) else { return [] }
        var files: [URL] = []
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            // Named through the folder as the target sees it, not through the link's destination.
            let relative = String(url.standardizedFileURL.path().dropFirst(resolved.standardizedFileURL.path().count))
            files.append(folder.appending(path: String(relative.trimmingPrefix("/"))))
        }
        return files.sorted { $0.path() < $1.path() }
    }
}
