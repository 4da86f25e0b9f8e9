/// Responses read from bytes a server wrote (an in-process connection's output), in order.
/// A HEAD's response must be named in `bodyless` by its index, as its length field
/// describes a body that is not there.
public func responses(in bytes: [UInt8], bodyless: Set<Int> = []) -> [RawResponse] {
    var found: [RawResponse] = []
    var rest = bytes[...]
    while let end = headEnd(rest) {
        let lines = String(decoding: rest[rest.startIndex..<end], as: UTF8.self).components("\r\n")
        let parts = lines[0].split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, let status = Int(parts[1]) else { break }
        var headers: [(String, String)] = []
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { break }
            headers.append((String(line[..<colon]), String(line[line.index(after: colon)...]).trimmed))
        }
        rest = rest[(end + 4)...]
        var response = RawResponse(status: status, headers: headers, body: [])
        if status >= 200, !bodyless.contains(found.count), let length = response.header("content-length").flatMap(Int.init) {
            guard rest.count >= length else { break }
            response.body = Array(rest.prefix(length))
            rest = rest.dropFirst(length)
        }
        found.append(response)
    }
    return found
}

private func headEnd(_ bytes: ArraySlice<UInt8>) -> Int? {
    guard bytes.count >= 4 else { return nil }
    for index in bytes.startIndex...(bytes.endIndex - 4)
    where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
        return index
    }
    return nil
}
