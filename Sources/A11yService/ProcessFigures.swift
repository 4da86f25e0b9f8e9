#if canImport(Glibc)
import Glibc
#endif

/// The process figures every Prometheus client library exports under the same names
/// (`process_*`), read from /proc/self when /metrics is scraped. Memory is what this service
/// must watch most: an audit's memory grows with the tree it is sent.
struct ProcessFigures {
    var residentBytes: Int?
    var virtualBytes: Int?
    var cpuSeconds: Double?
    var startTimeSeconds: Double?
    var openFDs: Int?
    var maxFDs: Int?

    /// What /proc tells now; a figure it cannot read is left out of the exposition.
    static func read() -> ProcessFigures {
        var figures = ProcessFigures()
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        let pageBytes = sysconf(Int32(_SC_PAGESIZE))
        if let stat = readSmallFile("/proc/self/stat"), let fields = statFields(stat), fields.count >= 22 {
            // proc(5): fields after the command, from field 3 (state) on: utime 14, stime 15,
            // starttime 22 (ticks after boot), vsize 23 (bytes), rss 24 (pages).
            func field(_ number: Int) -> Int? { Int(fields[number - 3]) }
            if let user = field(14), let system = field(15), ticks > 0 { figures.cpuSeconds = Double(user + system) / ticks }
            figures.virtualBytes = field(23)
            if let pages = field(24), pageBytes > 0 { figures.residentBytes = pages * pageBytes }
            if let start = field(22), ticks > 0, let boot = bootTime() { figures.startTimeSeconds = Double(boot) + Double(start) / ticks }
        }
        figures.openFDs = openDescriptors()
        var limit = rlimit()
        if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max {
            figures.maxFDs = Int(limit.rlim_cur)
        }
        return figures
    }

    func render(into text: inout String) {
        func gauge(_ name: String, _ help: String, _ type: String, _ value: String?) {
            guard let value else { return }
            text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n\(name) \(value)\n"
        }
        gauge("process_cpu_seconds_total", "Total user and system CPU time spent in seconds.", "counter", cpuSeconds.map { "\($0)" })
        gauge("process_resident_memory_bytes", "Resident memory size in bytes.", "gauge", residentBytes.map { "\($0)" })
        gauge("process_virtual_memory_bytes", "Virtual memory size in bytes.", "gauge", virtualBytes.map { "\($0)" })
        gauge("process_start_time_seconds", "Start time of the process since unix epoch in seconds.", "gauge", startTimeSeconds.map { "\($0)" })
        gauge("process_open_fds", "Number of open file descriptors.", "gauge", openFDs.map { "\($0)" })
        gauge("process_max_fds", "Maximum number of open file descriptors.", "gauge", maxFDs.map { "\($0)" })
    }

    /// The fields of /proc/self/stat after "pid (comm) ": the command may hold spaces and
    /// parentheses, so they start after its last ')'.
    static func statFields(_ text: String) -> [Substring]? {
        guard let close = text.lastIndex(of: ")") else { return nil }
        return text[text.index(after: close)...].split(separator: " ")
    }

    /// The `btime` line of /proc/stat: when the machine booted, in seconds since the epoch.
    private static func bootTime() -> Int? {
        guard let stat = readSmallFile("/proc/stat") else { return nil }
        for line in stat.split(separator: "\n") where line.hasPrefix("btime ") {
            return Int(line.dropFirst(6).trimmingPrefix(" "))
        }
        return nil
    }

    /// Entries of /proc/self/fd, less the one this count opens itself.
    private static func openDescriptors() -> Int? {
        guard let directory = opendir("/proc/self/fd") else { return nil }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [0x2E], name != [0x2E, 0x2E] { count += 1 }
        }
        return max(0, count - 1)
    }

    /// A /proc file (they report size 0, so read until the end), at most 64 KiB.
    private static func readSmallFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while bytes.count < 65_536 {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
