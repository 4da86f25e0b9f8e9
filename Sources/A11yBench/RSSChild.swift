import A11yCore
import Foundation

/// Peak memory of one audit, measured in a fresh child process so the parent's earlier
/// runs (and the allocator's retained pages) do not count.
enum RSSChild {
    struct Figures { var before: Int; var peak: Int }

    /// Runs in the child: reads the request, runs one pass, prints "before peak" in bytes.
    static func run(file: String, path: String) -> Int32 {
        guard let data = FileManager.default.contents(atPath: file) else { return 1 }
        let bytes = [UInt8](data)
        let before: Int
        switch path {
        case "ours":
            before = peakRSS()
            _ = runOurs(bytes)
        case "foundation":
            before = peakRSS()
            _ = runFoundation(data)
        default:
            return 2
        }
        print(before, peakRSS())
        return 0
    }

    /// Runs in the parent: writes the request to a temporary file and starts the child.
    static func measure(bytes: [UInt8], path: String) -> Figures? {
        let file = NSTemporaryDirectory() + "a11y-bench-\(getpid()).json"
        defer { try? FileManager.default.removeItem(atPath: file) }
        guard FileManager.default.createFile(atPath: file, contents: Data(bytes)) else { return nil }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        child.arguments = ["--rss-child", file, path]
        let pipe = Pipe()
        child.standardOutput = pipe
        do { try child.run() } catch { return nil }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        let numbers = String(decoding: output, as: UTF8.self).split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard child.terminationStatus == 0, numbers.count == 2 else { return nil }
        return Figures(before: numbers[0], peak: numbers[1])
    }
}
