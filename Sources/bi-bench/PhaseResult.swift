/// One measured phase of the benchmark.
struct PhaseResult: Sendable {
    let name: String
    let operations: Int
    /// Wall-clock seconds.
    let elapsed: Double
    /// CPU seconds the server used (all its threads, user and system).
    let serverCPU: Double
    /// Context switches of the server's threads.
    let serverContextSwitches: Int
    /// CPU seconds the database's processes used, when they run on this machine.
    let databaseCPU: Double?
    /// Each operation's latency in seconds, in completion order.
    let latencies: [Double]

    /// Operations per second of wall time.
    var rate: Double { Double(operations) / elapsed }
    /// Server CPU microseconds per operation.
    var serverMicroseconds: Double { serverCPU / Double(operations) * 1e6 }
    /// The server threads' context switches per operation.
    var contextSwitchesPerOperation: Double { Double(serverContextSwitches) / Double(operations) }
    /// Database CPU microseconds per operation.
    var databaseMicroseconds: Double? { databaseCPU.map { $0 / Double(operations) * 1e6 } }

    /// The latency below which `fraction` of the operations finished, in milliseconds.
    func percentile(_ fraction: Double) -> Double {
        let sorted = latencies.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.down)))] * 1000
    }
}
