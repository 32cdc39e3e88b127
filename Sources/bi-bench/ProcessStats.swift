import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What the kernel says a process has used, read from `/proc` (Linux): CPU time in user and
/// system mode, all threads included, and the resident set.
enum ProcessStats {
    /// CPU seconds (user + system) of process `pid`, or 0 when it cannot be read.
    static func cpuSeconds(_ pid: Int32) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")")
        else { return 0 }
        // After "pid (comm) ": state is field 3, utime 14 and stime 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Context switches of every thread of `pid` so far, voluntary (it waited: for a lock, a
    /// socket, a condition) and not (its time slice ended), from `/proc/PID/task/*/status`:
    /// what `perf stat -e context-switches` counts, less the threads that have ended.
    static func contextSwitches(_ pid: Int32) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.reduce(0) { total, task in
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8) else { return total }
            return status.split(separator: "\n").reduce(total) { sum, line in
                guard line.hasPrefix("voluntary_ctxt_switches:") || line.hasPrefix("nonvoluntary_ctxt_switches:") else { return sum }
                return sum + (Int(line.split(separator: "\t").last ?? "") ?? 0)
            }
        }
    }

    /// CPU seconds of every process named `name` (for example all of PostgreSQL's backends).
    static func cpuSeconds(named name: String) -> Double {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).reduce(0) { total, pid in
            let comm = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
            return comm == name ? total + cpuSeconds(pid) : total
        }
    }

    /// Resident set size of `pid` in MiB, or 0 when it cannot be read.
    static func residentMiB(_ pid: Int32) -> Double { statusMiB(pid, "VmRSS:") }

    /// The most `pid` has had resident (`VmHWM`) in MiB since it started or since
    /// ``resetPeakResident(_:)``; 0 when it cannot be read.
    static func peakResidentMiB(_ pid: Int32) -> Double { statusMiB(pid, "VmHWM:") }

    /// A field of `/proc/PID/status` given in kB, in MiB.
    private static func statusMiB(_ pid: Int32, _ field: String) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
              let kib = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return 0 }
        return kib / 1024
    }

    /// Starts `pid`'s peak resident set afresh from what it has now (`clear_refs` 5, Linux 4.0).
    static func resetPeakResident(_ pid: Int32) {
        try? Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/\(pid)/clear_refs"))
    }

    /// How `pid` has the Swift runtime: shared when it maps `libswiftCore.so`, linked into its
    /// executable (`--static-swift-stdlib`) otherwise.
    static func swiftRuntime(_ pid: Int32) -> SwiftRuntime {
        // Read to the end: `String(contentsOfFile:)` stops after the first page of a /proc file.
        let maps = (try? FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(pid)/maps")).readToEnd()) ?? nil
        return String(decoding: maps ?? Data(), as: UTF8.self).contains("libswiftCore.so") ? .shared : .linkedIn
    }

    /// Pins this process (all its threads) to `core` with `taskset`, where it exists.
    static func pinSelf(toCore core: Int) {
        guard let taskset = ServerProcess.which("taskset") else { return }
        let process = Process()
        process.executableURL = taskset
        process.arguments = ["-a", "-p", "-c", String(core), String(getpid())]
        process.standardOutput = FileHandle.nullDevice
        try? process.run()
        process.waitUntilExit()
    }
}
