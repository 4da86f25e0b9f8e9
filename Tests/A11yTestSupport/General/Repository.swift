#if canImport(Glibc)
import Glibc
#endif

/// Files of the repository the tests run from: examples, openapi.md, corpora, scripts.
public enum Repository {
    /// The checkout's root folder (this file is Tests/A11yTestSupport/General/Repository.swift).
    public static let root: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        return parts.joined(separator: "/")
    }()

    /// `relative` (e.g. "Examples/login.json") under the root.
    public static func path(_ relative: String) -> String { root + "/" + relative }
}

/// The whole file at `path`, or nil when it cannot be opened.
public func readFile(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count <= 0 { break }
        bytes += chunk[0..<count]
    }
    return bytes
}
