import Foundation

/// What a finished child process wrote and how it ended.
public struct ProcessOutput {
    public var status: Int32
    public var stdout: Data
    public var stderr: String

    public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    /// Standard output read as one JSON object, or nil.
    public var json: [String: Any]? { try? JSONSerialization.jsonObject(with: stdout) as? [String: Any] }
}

/// Runs `executable` to its end. `stdin` is written to its standard input, which is then
/// closed; `stdoutFile` receives standard output instead of a pipe (`stdout` is then empty);
/// `directory` is its working folder.
public func runProcess(
    _ executable: URL, _ arguments: [String], stdin: Data? = nil, stdoutFile: String? = nil, in directory: URL? = nil
) throws -> ProcessOutput {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let out = Pipe(), err = Pipe(), input = Pipe()
    let file = stdoutFile.flatMap { FileHandle(forWritingAtPath: $0) }
    process.standardOutput = file ?? out
    if file != nil { try out.fileHandleForWriting.close() }
    process.standardError = err
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(stdin) }
    try input.fileHandleForWriting.close()
    // Read before waiting so a large output cannot fill the pipe and block the child.
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return ProcessOutput(status: process.terminationStatus, stdout: stdout, stderr: stderr)
}
