#if canImport(Glibc)
import Glibc
#endif
import A11yCore

/// `a11y-audit audit FILE|- [--pretty]`
enum AuditCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var pretty = false
        var inputs: [String] = []
        for argument in arguments {
            switch argument {
            case "--pretty": pretty = true
            case "-": inputs.append(argument)
            default:
                if argument.hasPrefix("-") { return usageError("unknown option \(argument)") }
                inputs.append(argument)
            }
        }
        guard inputs.count == 1, let path = inputs.first else { return usageError("audit takes one FILE (or - for standard input)") }
        let bytes: [UInt8]
        do { bytes = try FileIO.read(path) } catch { return usageError(error.message) }
        let result = bytes.withUnsafeBytes { buffer in Result { () throws(InputError) in try Audit.run(json: buffer) } }
        switch result {
        case .success(let report):
            FileIO.write(ResponseEncoder.json(report, pretty: pretty))
            return 0
        case .failure(let error):
            FileIO.write("error: \(path): \(error.message) at \(error.pointer.isEmpty ? "/" : error.pointer)\n", to: STDERR_FILENO)
            return 2
        }
    }

    static func usageError(_ message: String) -> Int32 {
        FileIO.write("error: \(message)\n", to: STDERR_FILENO)
        return 2
    }
}
