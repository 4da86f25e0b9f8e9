import A11yTestSupport
import CCurl
#if canImport(Glibc)
import Glibc
#endif

/// What one libcurl transfer returned.
struct CurlResult {
    var status: Int
    /// Every header line received, interim (100) responses included.
    var headerLines: [String]
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }

    /// A field of the final response.
    func header(_ name: String) -> String? {
        let prefix = name.lowercased() + ":"
        for line in headerLines.reversed() where line.lowercased().hasPrefix(prefix) {
            return String(line.dropFirst(prefix.count)).trimmed
        }
        return nil
    }
}

/// A reusable easy handle, so consecutive requests can share a kept-alive connection.
final class CurlClient {
    private let handle: UnsafeMutableRawPointer
    private final class Sink {
        var body: [UInt8] = []
        var headers: [String] = []
        var upload: [UInt8] = []
        var uploadOffset = 0
        var uploadChunk = Int.max
    }

    init() {
        _ = CurlClient.initialised
        handle = curl_easy_init()!
    }

    deinit { curl_easy_cleanup(handle) }

    private static let initialised: Void = { curl_global_init(Int(CURL_GLOBAL_DEFAULT)) }()

    /// `chunked` sends the body with Transfer-Encoding: chunked, `readSize` bytes per chunk.
    func request(
        _ method: String, _ url: String, headers: [String] = [], body: [UInt8]? = nil, chunked: Bool = false,
        readSize: Int = Int.max, timeoutSeconds: Int = 10
    ) -> CurlResult? {
        let sink = Sink()
        let context = Unmanaged.passUnretained(sink).toOpaque()
        curl_easy_reset(handle)
        ccurl_setopt_string(handle, CURLOPT_URL, url)
        ccurl_setopt_long(handle, CURLOPT_TIMEOUT, timeoutSeconds)
        ccurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        ccurl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, method)
        if method == "HEAD" { ccurl_setopt_long(handle, CURLOPT_NOBODY, 1) }
        let write: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = { data, size, count, context in
            let sink = Unmanaged<Sink>.fromOpaque(context!).takeUnretainedValue()
            sink.body += UnsafeRawBufferPointer(start: data, count: size * count)
            return size * count
        }
        let header: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = { data, size, count, context in
            let sink = Unmanaged<Sink>.fromOpaque(context!).takeUnretainedValue()
            let line = String(decoding: UnsafeRawBufferPointer(start: data, count: size * count), as: UTF8.self)
            sink.headers.append(line.trimmed)
            return size * count
        }
        ccurl_setopt_pointer(handle, CURLOPT_WRITEFUNCTION, unsafeBitCast(write, to: UnsafeMutableRawPointer.self))
        ccurl_setopt_pointer(handle, CURLOPT_WRITEDATA, context)
        ccurl_setopt_pointer(handle, CURLOPT_HEADERFUNCTION, unsafeBitCast(header, to: UnsafeMutableRawPointer.self))
        ccurl_setopt_pointer(handle, CURLOPT_HEADERDATA, context)
        var list: UnsafeMutablePointer<curl_slist>?
        var allHeaders = headers
        if let body {
            sink.upload = body
            sink.uploadChunk = readSize
            let read: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = { buffer, size, count, context in
                let sink = Unmanaged<Sink>.fromOpaque(context!).takeUnretainedValue()
                let take = min(size * count, sink.upload.count - sink.uploadOffset, sink.uploadChunk)
                sink.upload.withUnsafeBytes { raw in
                    UnsafeMutableRawPointer(buffer!).copyMemory(from: raw.baseAddress! + sink.uploadOffset, byteCount: take)
                }
                sink.uploadOffset += take
                return take
            }
            ccurl_setopt_long(handle, CURLOPT_UPLOAD, 1)
            ccurl_setopt_pointer(handle, CURLOPT_READFUNCTION, unsafeBitCast(read, to: UnsafeMutableRawPointer.self))
            ccurl_setopt_pointer(handle, CURLOPT_READDATA, context)
            if chunked {
                allHeaders.append("Transfer-Encoding: chunked")
            } else {
                ccurl_setopt_long(handle, CURLOPT_INFILESIZE, body.count)
            }
            if !allHeaders.contains(where: { $0.lowercased().hasPrefix("expect:") }) { allHeaders.append("Expect:") }
            ccurl_setopt_long(handle, CURLOPT_EXPECT_100_TIMEOUT_MS, 10_000)
        }
        for line in allHeaders { list = curl_slist_append(list, line) }
        ccurl_setopt_slist(handle, CURLOPT_HTTPHEADER, list)
        defer { curl_slist_free_all(list) }
        let code = curl_easy_perform(handle)
        guard code == CURLE_OK else { return nil }
        var status = 0
        ccurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return CurlResult(status: status, headerLines: sink.headers, body: sink.body)
    }

    /// New connections opened by the last transfer (0 when a kept-alive one was reused).
    var connectionsOpenedByLastTransfer: Int {
        var count = 0
        ccurl_getinfo_long(handle, CURLINFO_NUM_CONNECTS, &count)
        return count
    }
}
