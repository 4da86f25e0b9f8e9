#if canImport(Glibc)
import Glibc
#endif

/// A parsed response as read off a raw socket.
public struct RawResponse {
    public var status: Int
    public var headers: [(String, String)]
    public var body: [UInt8]

    public func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }
    public var text: String { String(decoding: body, as: UTF8.self) }
}

/// A blocking TCP client with a receive timeout on every read, so no test can hang.
public final class RawClient {
    public let fd: Int32
    private var buffer: [UInt8] = []

    public init(port: Int, timeoutSeconds: Int = 5) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard rc == 0 else {
            close(fd)
            throw ClientError.connect(errno)
        }
    }

    deinit { close(fd) }

    public enum ClientError: Error { case connect(Int32), closed, timeout, malformed }

    public func send(_ text: String) { send(Array(text.utf8)) }

    public func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return }
            offset += sent
        }
    }

    /// Ends both directions, as a client that goes away does: with `reset`, an RST instead
    /// of a FIN (the connection vanished rather than closed).
    public func hangUp(reset: Bool = false) {
        if reset {
            var option = linger(l_onoff: 1, l_linger: 0)
            setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        }
        shutdown(fd, Int32(SHUT_RDWR))
    }

    /// Reads more bytes; false at end of stream or timeout.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            buffer += chunk[0..<count]
            return true
        }
        if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { throw ClientError.timeout }
        return false
    }

    /// The next response; HEAD responses must pass `bodyless`.
    public func readResponse(bodyless: Bool = false) throws -> RawResponse {
        var headEnd: Int?
        while true {
            headEnd = findHeadEnd()
            if headEnd != nil { break }
            guard try fill() else { throw ClientError.closed }
        }
        let headText = String(decoding: buffer[0..<headEnd!], as: UTF8.self)
        var lines = headText.components("\r\n")
        let statusLine = lines.removeFirst()
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, let status = Int(parts[1]) else { throw ClientError.malformed }
        var headers: [(String, String)] = []
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { throw ClientError.malformed }
            headers.append((String(line[..<colon]), String(line[line.index(after: colon)...]).trimmed))
        }
        buffer.removeFirst(headEnd! + 4)
        var response = RawResponse(status: status, headers: headers, body: [])
        if status >= 200, !bodyless, let length = response.header("content-length").flatMap(Int.init) {
            while buffer.count < length {
                guard try fill() else { throw ClientError.closed }
            }
            response.body = Array(buffer[0..<length])
            buffer.removeFirst(length)
        }
        return response
    }

    /// True when the server closed the connection without sending anything more.
    public func closedWithoutData() throws -> Bool {
        if !buffer.isEmpty { return false }
        return try !fill()
    }

    /// Everything until the server closes.
    public func readToEnd() throws -> [UInt8] {
        while try fill() {}
        defer { buffer = [] }
        return buffer
    }

    private func findHeadEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4)
        where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index
        }
        return nil
    }
}
