import A11yCore
#if canImport(Glibc)
import Glibc
#endif
import A11yImport

/// One screen file of a command line: where to read it and what to call it.
struct InputFile {
    /// What to open (bytes as the kernel knows them; "-" is standard input).
    var path: FileIO.Path
    /// The screen's name in every report and baseline: the path as given on the command line,
    /// or, for a file found in a folder, its path relative to that folder (`ios/login.json`).
    /// Unique in a run, and the same in every run given the same arguments, so baselines keep
    /// matching whatever the working folder.
    var name: String
    /// The name earlier versions gave the file (its last path component, `login.json`), so
    /// baselines written by them still match; nil when two files of the run share it.
    var legacyName: String?
    /// Found by searching a folder rather than named on the command line.
    var fromFolder: Bool
    /// The screen's screenshot: `--screenshot`, or in a folder `NAME.png` beside `NAME.xml` / `NAME.json`.
    var screenshot: FileIO.Path? = nil
}

/// Turns the command line's FILE|DIR|- arguments into the screens to audit.
enum InputFiles {
    /// Which files a folder search takes as inputs, by `--input-format`: the one place to
    /// add an input format. Under `auto` a folder means every input we can read: our JSON
    /// trees and Figma responses are `*.json`, Android and iOS dumps `*.xml`, each recognised
    /// from its content; a taken file in no supported format stops the run naming it (never a
    /// silent skip). Files with other names (`.png`, `.md`, `.sarif`) are not inputs and are
    /// ignored. A format asked for by name takes only its own files.
    static func screenSuffixes(for format: InputFormat) -> [[UInt8]] {
        switch format {
        case .android, .ios: [Array(".xml".utf8)]
        case .json, .figma: [Array(".json".utf8)]
        case .auto: [Array(".json".utf8), Array(".xml".utf8)]
        }
    }

    /// What a folder search counts, for messages and the usage.
    static func counted(for format: InputFormat) -> String {
        screenSuffixes(for: format).map { "*" + String(decoding: $0, as: UTF8.self) }.joined(separator: ", ")
    }

    /// Files as given, then each folder searched recursively: entries in byte order (not the
    /// locale's), depth first, so `a/z.json` comes before `b.json`. Hidden entries (a name
    /// starting with `.`) are skipped, and symbolic links to folders are not followed (no
    /// cycles). An entry named like an input that cannot be read as a file (a dangling or
    /// looping link, a device, a pipe) stops the search naming it: skipped, it would let a
    /// gate pass without the screen. Names that would repeat in the run are made unique: files found in folders
    /// then take the folder as given in front (`screens/ios/login.json`); the same file named
    /// twice is audited once.
    static func expand(_ inputs: [String], format: InputFormat = .auto) throws(FileIO.Failure) -> [InputFile] {
        let suffixes = screenSuffixes(for: format)
        var files: [InputFile] = []
        for input in inputs {
            if input == "-" {
                files.append(InputFile(path: FileIO.Path(input), name: "stdin", legacyName: "stdin", fromFolder: false))
            } else if FileIO.isDirectory(input) {
                let folder = FileIO.Path(input)
                for relative in try search(folder, under: nil, suffixes: suffixes) {
                    let path = folder.appending(relative)
                    files.append(InputFile(path: path, name: relative.text, fromFolder: true, screenshot: screenshot(beside: path)))
                }
            } else {
                files.append(InputFile(path: FileIO.Path(input), name: normalized(input), fromFolder: false))
            }
        }
        return unique(files)
    }

    /// Paths of screen files below `folder`, relative to it, in byte order.
    private static func search(_ folder: FileIO.Path, under prefix: FileIO.Path?,
                               suffixes: [[UInt8]]) throws(FileIO.Failure) -> [FileIO.Path] {
        let here = prefix.map { folder.appending($0) } ?? folder
        var found: [FileIO.Path] = []
        let entries = try FileIO.list(here).sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
        for entry in entries where entry.bytes.first != UInt8(ascii: ".") {
            let relative = prefix.map { $0.appending(entry) } ?? entry
            let path = here.appending(entry)
            let isInput = suffixes.contains { entry.bytes.ends(with: $0) }
            switch FileIO.kind(path) {
            case .folder: found += try search(folder, under: relative, suffixes: suffixes)
            case .file where isInput: found.append(relative)
            case .brokenLink(let reason) where isInput:
                throw FileIO.Failure(message: "\(path.text): cannot follow the symbolic link: \(reason)")
            case .other where isInput:
                throw FileIO.Failure(message: "\(path.text): not a regular file (a device, pipe or socket)")
            case .file, .linkToFolder, .brokenLink, .other: break
            }
        }
        return found
    }

    /// `NAME.png` beside a screen file `NAME.xml` or `NAME.json`, when it is a file. PNGs are
    /// never screens of their own (folders are searched for `screenSuffixes` only).
    static func screenshot(beside path: FileIO.Path) -> FileIO.Path? {
        guard let dot = path.bytes.lastIndex(of: UInt8(ascii: ".")),
              !path.bytes[dot...].contains(UInt8(ascii: "/")) else { return nil }
        let png = FileIO.Path(bytes: Array(path.bytes[..<dot]) + Array(".png".utf8))
        return FileIO.kind(png) == .file ? png : nil
    }

    /// `./a//b.json` and `a/b.json` name the same file: one name.
    static func normalized(_ path: String) -> String {
        var parts = path.split(separator: "/", omittingEmptySubsequences: true)
        while parts.count > 1, parts.first == "." { parts.removeFirst() }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? path : joined)
    }

    private static func unique(_ files: [InputFile]) -> [InputFile] {
        func counts(_ names: [String]) -> [String: Int] { names.reduce(into: [:]) { $0[$1, default: 0] += 1 } }
        var files = files
        let clashes = counts(files.map(\.name))
        for i in files.indices where files[i].fromFolder && clashes[files[i].name]! > 1 {
            files[i].name = normalized(files[i].path.text)
        }
        var seen = Set<String>()
        files = files.filter { seen.insert($0.name).inserted }
        // The old name is the last path component: shared by two files, it matches neither.
        let lastComponents = files.map { $0.name.split(separator: "/").last.map(String.init) ?? $0.name }
        let shared = counts(lastComponents)
        for i in files.indices {
            files[i].legacyName = shared[lastComponents[i]]! == 1 ? lastComponents[i] : nil
        }
        return files
    }
}

extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool { count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix) }
}
