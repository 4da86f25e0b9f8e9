#if canImport(Glibc)
import Glibc
#endif

/// Minimal file I/O for the CLI (the core does none). Paths are bytes to the kernel: a file
/// name that is not UTF-8 is still opened by its own bytes (`Path.bytes`); only its display
/// name (`Path.text`) shows the undecodable bytes as U+FFFD.
enum FileIO {
    struct Failure: Error { var message: String }

    /// A path as the kernel knows it and as people read it.
    struct Path {
        var bytes: [UInt8]
        var text: String

        init(_ text: String) { self.text = text; bytes = Array(text.utf8) }
        init(bytes: [UInt8]) { self.bytes = bytes; text = String(decoding: bytes, as: UTF8.self) }

        /// `self/name`.
        func appending(_ name: Path) -> Path {
            Path(bytes: bytes + [UInt8(ascii: "/")] + name.bytes, text: text + "/" + name.text)
        }

        private init(bytes: [UInt8], text: String) { self.bytes = bytes; self.text = text }

        func withCString<R>(_ body: (UnsafePointer<CChar>) -> R) -> R {
            (bytes + [0]).withUnsafeBufferPointer { raw in
                raw.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
            }
        }
    }

    /// Reads a whole file, or standard input for "-".
    static func read(_ path: Path) throws(Failure) -> [UInt8] {
        let fd = path.text == "-" ? STDIN_FILENO : path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw Failure(message: "cannot open \(path.text): \(lastError())") }
        defer { if fd != STDIN_FILENO { close(fd) } }
        var st = stat()
        if fstat(fd, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR {
            throw Failure(message: "\(path.text) is a directory")
        }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(message: "cannot read \(path.text): \(lastError())")
            }
            if n == 0 { return out }
            out.append(contentsOf: chunk[0..<n])
        }
    }

    static func read(_ path: String) throws(Failure) -> [UInt8] { try read(Path(path)) }

    /// Writes all of `bytes`; the error text (e.g. "No space left on device") when a write fails.
    @discardableResult
    static func write(_ bytes: [UInt8], to fd: Int32 = STDOUT_FILENO) -> String? {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return lastError()
            }
            offset += n
        }
        return nil
    }

    @discardableResult
    static func write(_ text: String, to fd: Int32 = STDOUT_FILENO) -> String? { write(Array(text.utf8), to: fd) }

    /// Replaces a file's contents so that readers see the old file or the new one, never a
    /// part: the bytes go to a temporary file in the same folder (same file system), which is
    /// flushed and renamed over the target. A target that exists but is no regular file
    /// (`/dev/stdout`, a pipe, a device) is written in place: renaming over it would replace
    /// the device node. A symbolic link is followed, so the file it points to is replaced.
    static func writeFile(_ path: String, _ bytes: [UInt8]) throws(Failure) {
        func failure(_ what: String) -> Failure { Failure(message: "cannot write \(path): \(what)") }
        var st = stat()
        if stat(path, &st) == 0 && (st.st_mode & S_IFMT) != S_IFREG {
            let fd = open(path, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw failure(lastError()) }
            if let error = write(bytes, to: fd) { close(fd); throw failure(error) }
            guard close(fd) == 0 else { throw failure(lastError()) }
            return
        }
        var target = path
        if let resolved = realpath(path, nil) { target = String(cString: resolved); free(resolved) }
        let folder = target.lastIndex(of: "/").map { String(target[...$0]) } ?? ""
        var template = Array((folder + ".a11y-audit-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw failure(lastError()) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        // mkstemp makes the file 0600: give it the mode a plain create would (or the old file's).
        let mask = umask(0)
        umask(mask)
        var old = stat()
        let mode = stat(target, &old) == 0 ? old.st_mode & 0o7777 : 0o666 & ~mask
        var error = fchmod(fd, mode) == 0 ? nil : lastError()
        if error == nil { error = write(bytes, to: fd) }
        if error == nil && fsync(fd) != 0 { error = lastError() }
        if close(fd) != 0 && error == nil { error = lastError() }
        if error == nil && rename(temporary, target) != 0 { error = lastError() }
        if let error {
            unlink(temporary)
            throw failure(error)
        }
    }

    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// Names of the entries of a directory (without "." and ".."), as the bytes they are.
    static func list(_ path: String) throws(Failure) -> [Path] {
        guard let dir = opendir(path) else { throw Failure(message: "cannot list \(path): \(lastError())") }
        defer { closedir(dir) }
        var names: [Path] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if name != [0x2E] && name != [0x2E, 0x2E] { names.append(Path(bytes: name)) }
        }
        return names
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}
