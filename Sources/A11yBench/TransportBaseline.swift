import Foundation
import HTTPServer

/// The HTTP benchmark's baseline: our transport (event loops, parser, router, writer) on the
/// same route, answering every POST with a fixed response of the real audit's size. wrk
/// against this and against the real service in one run separates what the exchange itself
/// costs on this machine (loopback TCP, wrk's own share of the two cores) from the audit.
enum TransportBaseline {
    static func serve(responseFile: String, loops: Int) -> Never {
        guard let body = FileManager.default.contents(atPath: responseFile) else {
            FileHandle.standardError.write(Data("cannot read \(responseFile)\n".utf8))
            exit(2)
        }
        let canned = [UInt8](body)
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.loops = loops
        var router = Router()
        router.add(.post, "/v1/audit", offload: true) { _ in
            Response(status: 200, contentType: "application/json", body: canned)
        }
        do {
            let server = try HTTPServer(configuration: configuration)
            try server.start(router: router)
            let line = "transport baseline listening on http://127.0.0.1:\(server.port)/ (\(loops) loops)\n"
            FileHandle.standardOutput.write(Data(line.utf8))
            server.wait()
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            exit(1)
        }
        exit(0)
    }
}
