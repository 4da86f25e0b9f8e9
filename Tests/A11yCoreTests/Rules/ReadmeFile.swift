#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The repository README, found relative to this source file.
enum ReadmeFile {
    struct Unreadable: Error { let path: String }

    static func bytes(filePath: String = #filePath) throws -> [UInt8] {
        // Tests/A11yCoreTests/Rules/ReadmeFile.swift -> repository root.
        var parts = filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        let path = parts.joined(separator: "/") + "/README.md"
        guard let file = fopen(path, "rb") else { throw Unreadable(path: path) }
        defer { fclose(file) }
        var out: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n <= 0 { break }
            out += buffer[0..<n]
        }
        return out
    }
}
