// Peak memory of the benchmark process, on Linux from /proc/self, elsewhere from getrusage.

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Memory

enum Memory {
    /// A field of /proc/self/status in bytes (`VmRSS`, `VmHWM`), nil when unavailable.
    static func procStatus(_ field: String) -> UInt64? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            let parts = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard parts.count >= 2, let kilobytes = UInt64(parts[1]) else { return nil }
            return kilobytes * 1024
        }
        return nil
    }

    /// getrusage's peak resident size in bytes.
    static func maxRSS() -> UInt64 {
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return UInt64(usage.ru_maxrss) * 1024   // kilobytes
        #else
        getrusage(RUSAGE_SELF, &usage)
        return UInt64(usage.ru_maxrss)          // bytes
        #endif
    }

    /// Resets the kernel's peak RSS (VmHWM) to the current RSS; false when the kernel does not allow it.
    static func resetPeak() -> Bool {
        guard let file = fopen("/proc/self/clear_refs", "w") else { return false }
        defer { fclose(file) }
        return fputs("5", file) >= 0 && fflush(file) == 0
    }

    /// Measures the peak resident memory growth while `body` runs.
    static func peakIncrease(during body: () throws -> Void) rethrows -> UInt64 {
        if resetPeak(), let base = procStatus("VmRSS") {
            try body()
            let peak = procStatus("VmHWM") ?? base
            return peak > base ? peak - base : 0
        }
        let before = procStatus("VmHWM") ?? maxRSS()
        try body()
        let after = procStatus("VmHWM") ?? maxRSS()
        return after > before ? after - before : 0
    }
}
