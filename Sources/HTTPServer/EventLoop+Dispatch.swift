import CEpoll

/// Where a request's handler runs: on the loop, or on a worker whose answer comes back
/// through `complete`.
extension EventLoop {
    func startHandler(_ connection: Connection, _ request: Request, routeIndex: Int) {
        let route = shared.router[routeIndex]
        guard let handler = route.handler(for: request.method) else { return }
        let http = connection.http
        let inline = !route.offload
            || (request.body.count <= shared.configuration.inlineBodyBytes && !http.sendsCostlyRequests
                && route.isCheap?(request) ?? true)
        if inline || shared.workers == nil {
            // An offloaded route's handler on the loop is a first attempt, bounded by the
            // handler: it answers `runOnWorker` when the work or the answer costs more.
            let onLoop = route.offload && shared.workers != nil
            let response: Response
            if onLoop {
                var attempt = request
                attempt.onLoop = true
                response = handler(attempt)
            } else {
                response = handler(request)
            }
            if !(response.handOff && onLoop) {
                http.answer(response)
                return
            }
            http.sendsCostlyRequests = true
        }
        guard let workers = shared.workers else { return }
        var copy = request
        let cancellation = Cancellation()
        copy.cancellation = cancellation
        let offloaded = copy
        http.handlerRunsOnWorker(cancellation)
        let fd = connection.fd, serial = connection.serial
        let memory = shared.memory
        let scaled = request.body.count.multipliedReportingOverflow(by: shared.configuration.offloadMemoryPerBodyByte)
        let base = scaled.overflow ? Int.max : scaled.partialValue.addingReportingOverflow(shared.configuration.offloadMemoryPerRequest).partialValue
        let extraMemory = memory == nil ? nil : route.extraMemory
        let trim = shared.configuration.trimAfterBodyBytes.map { request.body.count >= $0 } ?? false
        let counters = counters
        let accepted = workers.submit(WorkerPool.Job { [self] in
            // Waits while the memory budget cannot cover this request (as if still queued).
            // What the route adds (a form's screenshot, read from its header) is worked out
            // here on the worker, not on the loop that handed the request over.
            let sum = base.addingReportingOverflow(max(0, extraMemory?(offloaded) ?? 0))
            let estimate = sum.overflow ? Int.max : sum.partialValue
            let reservation = memory?.reserve(estimate < 0 ? .max : estimate, unless: cancellation)
            // Cancelled while queued or waiting (client gone: the answer is dropped; drain
            // over: the client reads this): skip the work.
            var response = (memory == nil || reservation != nil) && cancellation.begin()
                ? handler(offloaded) : EventLoop.notRun
            if trim { _ = cepoll_release_free_memory() }
            // The audit's memory is gone; its answer's bytes stay reserved until written.
            if let reservation, !reservation.resize(to: response.body.count) {
                counters.answerRefusals.add(1, ordering: .relaxed)
                response = HTTPConnection.answerRefused
            } else {
                response.reservation = reservation
            }
            complete(fd: fd, serial: serial, response: response)
        })
        if !accepted {
            var response = Response.problem(status: 503, detail: "too many requests waiting; retry shortly")
            response.headers.append(("Retry-After", "1"))
            http.answer(response)
        }
    }

    /// For a request cancelled before a worker took it.
    static let notRun: Response = {
        var response = Response.problem(status: 503, detail: "not run: the server is shutting down; retry shortly")
        response.headers.append(("Retry-After", "1"))
        response.close = true
        return response
    }()
}
