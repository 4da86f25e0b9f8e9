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

        /// `self/name` (one slash when `self` already ends with one: `screens/` as typed).
        func appending(_ name: Path) -> Path {
            if bytes.last == UInt8(ascii: "/") { return Path(bytes: bytes + name.bytes, text: text + name.text) }
            return Path(bytes: bytes + [UInt8(ascii: "/")] + name.bytes, text: text + "/" + name.text)
        }

        private init(bytes: [UInt8], text: String) { self.bytes = bytes; self.text = text }

        func withCString<R>(_ body: (UnsafePointer<CChar>) -> R) -> R {
            (bytes + [0]).withUnsafeBufferPointer { raw in
                raw.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
            }
        }
    }

    /// Reads a whole file, or standard input for "-", of at most `limit` bytes: read in
    /// chunks and counted as they come, since the size a file reports cannot be trusted
    /// (`/dev/zero`, a pipe, `/proc` files say 0 or nothing and never end). One byte past the
    /// limit is an error naming it, so an endless input stops at once instead of filling memory.
    static func read(_ path: Path, limit: Int) throws(Failure) -> [UInt8] {
        let fd = path.text == "-" ? STDIN_FILENO : path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw Failure(message: "cannot open \(path.text): \(lastError())") }
        defer { if fd != STDIN_FILENO { close(fd) } }
        var st = stat()
        if fstat(fd, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR {
            throw Failure(message: "\(path.text) is a directory")
        }
        var out: [UInt8] = []
        // A regular file's size is a hint for the first allocation, never a bound.
        if (st.st_mode & S_IFMT) == S_IFREG, st.st_size > 0 { out.reserveCapacity(min(Int(st.st_size), limit) + 1) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            // At most one byte more than the limit: enough to know it was passed.
            let want = min(chunk.count, limit + 1 - out.count)
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, want) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(message: "cannot read \(path.text): \(lastError())")
            }
            if n == 0 { return out }
            out.append(contentsOf: chunk[0..<n])
            if out.count > limit {
                let name = path.text == "-" ? "standard input" : path.text
                throw Failure(message: "\(name) is larger than \(limit) bytes, the input limit (--max-input-bytes)")
            }
        }
    }

    static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8] { try read(Path(path), limit: limit) }

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
    /// part (see `AtomicFile`).
    static func writeFile(_ path: String, _ bytes: [UInt8]) throws(Failure) {
        var file = try AtomicFile(path)
        try file.append(bytes)
        try file.commit()
    }

    /// A file replaced whole, written in pieces (a baseline recorded while a batch is
    /// audited): the bytes go to a temporary file in the same folder (same file system),
    /// which `commit` flushes and renames over the target; `abandon` removes it. A target
    /// that exists but is no regular file (`/dev/stdout`, a pipe, a device) is written in
    /// place: renaming over it would replace the device node. A symbolic link is followed,
    /// so the file it points to is replaced.
    struct AtomicFile {
        let path: String
        let fd: Int32
        /// The temporary file to rename, nil when writing in place.
        private var temporary: String?
        private var target: String

        init(_ path: String) throws(Failure) {
            self.path = path
            var st = stat()
            if stat(path, &st) == 0 && (st.st_mode & S_IFMT) != S_IFREG {
                fd = open(path, O_WRONLY | O_CLOEXEC)
                guard fd >= 0 else { throw Failure(message: "cannot write \(path): \(lastError())") }
                target = path
                return
            }
            var resolvedTarget = path
            if let resolved = realpath(path, nil) { resolvedTarget = String(cString: resolved); free(resolved) }
            target = resolvedTarget
            let folder = resolvedTarget.lastIndex(of: "/").map { String(resolvedTarget[...$0]) } ?? ""
            var template = Array((folder + ".a11y-audit-XXXXXX").utf8CString)
            let made = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            fd = made
            guard fd >= 0 else { throw Failure(message: "cannot write \(path): \(lastError())") }
            let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            self.temporary = temporary
            InterruptCleanup.remember(temporary)
            // mkstemp makes the file 0600: give it the mode a plain create would (or the old file's).
            let mask = umask(0)
            umask(mask)
            var old = stat()
            let mode = stat(resolvedTarget, &old) == 0 ? old.st_mode & 0o7777 : 0o666 & ~mask
            if fchmod(fd, mode) != 0 { throw abandon(lastError()) }
        }

        mutating func append(_ bytes: [UInt8]) throws(Failure) {
            if let error = FileIO.write(bytes, to: fd) { throw abandon(error) }
        }

        /// Flushes the temporary file to disk (a full disk shows here, before any rename).
        mutating func flush() throws(Failure) {
            if temporary != nil && fsync(fd) != 0 { throw abandon(lastError()) }
        }

        /// Flushes and renames the temporary file over the target (or closes the target).
        mutating func commit() throws(Failure) {
            var error: String?
            if temporary != nil && fsync(fd) != 0 { error = lastError() }
            if close(fd) != 0 && error == nil { error = lastError() }
            if error == nil, let temporary, rename(temporary, target) != 0 { error = lastError() }
            if let temporary { InterruptCleanup.forget(temporary) }
            if let error {
                if let temporary { unlink(temporary) }
                throw Failure(message: "cannot write \(path): \(error)")
            }
        }

        /// Closes and removes the temporary file; the failure to report.
        @discardableResult
        func abandon(_ error: String = "abandoned") -> Failure {
            close(fd)
            if let temporary {
                unlink(temporary)
                InterruptCleanup.forget(temporary)
            }
            return Failure(message: "cannot write \(path): \(error)")
        }
    }

    /// A file for bytes that must wait (a report's body until its head is known): in
    /// `$TMPDIR` or /tmp, unlinked at once so it goes away with the descriptor.
    static func temporaryFile() throws(Failure) -> Int32 {
        let folder = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((folder + "/a11y-audit-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw Failure(message: "cannot create a temporary file in \(folder): \(lastError())") }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return fd
    }

    /// Copies everything written to `source` (from its start) to `target`; the error text on failure.
    static func copy(_ source: Int32, to target: Int32) -> String? {
        guard lseek(source, 0, SEEK_SET) == 0 else { return lastError() }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(source, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return lastError()
            }
            if n == 0 { return nil }
            if let error = write(Array(chunk[0..<n]), to: target) { return error }
        }
    }

    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    enum Kind: Equatable {
        case file, folder
        /// A symbolic link to a folder: a folder search does not follow it (a link to an
        /// ancestor would loop).
        case linkToFolder
        /// A symbolic link that leads nowhere: dangling, looping, or through a folder that
        /// cannot be searched; the reason is the system's (`No such file or directory`).
        case brokenLink(String)
        /// Anything else: a device, a pipe, a socket, or an entry that vanished.
        case other
    }

    /// What a path is. A symbolic link counts as what it points to, except for a link to a
    /// folder, and a link that cannot be followed says why.
    static func kind(_ path: Path) -> Kind {
        var st = stat()
        guard path.withCString({ lstat($0, &st) }) == 0 else { return .other }
        let isLink = (st.st_mode & S_IFMT) == S_IFLNK
        if isLink && path.withCString({ stat($0, &st) }) != 0 { return .brokenLink(lastError()) }
        switch st.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return isLink ? .linkToFolder : .folder
        default: return .other
        }
    }

    /// Names of the entries of a directory (without "." and ".."), as the bytes they are.
    static func list(_ path: Path) throws(Failure) -> [Path] {
        guard let dir = path.withCString({ opendir($0) }) else { throw Failure(message: "cannot list \(path.text): \(lastError())") }
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
