// reconcile-benchmark: how long a table rebuild takes, and how much memory it needs.
//
//     swift run -c release reconcile-benchmark [row count …]     (default: 100000 1000000)
//
// For each row count: creates a database in a temporary folder with one table of that many rows
// (an INTEGER PRIMARY KEY, a TEXT, a REAL, a 32-byte BLOB, and an index), then syncs a
// schema.yaml whose change (a column type) forces a rebuild, and prints one line:
//
//     rows=1000000 rebuild=4.21s peak-memory-increase=3.1 MiB file=80.2 MiB
//
// `peak-memory-increase` is the process's peak resident memory during the sync minus its
// resident memory just before it (Linux: VmHWM after resetting it, from /proc/self; elsewhere
// the growth of getrusage's ru_maxrss, which can only show growth above the earlier peak).

import Foundation
import GRDB
import SchemaReconciler
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

// MARK: - One run

struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
}

func schema(nameType: String) -> String {
    """
    version: 1.0.0
    tables:
      items:
        columns:
          id:      { type: INTEGER, primary_key: true }
          name:    \(nameType)
          score:   REAL
          payload: BLOB
        indexes:
          items_by_name: [name]
    """
}

func mebibytes(_ bytes: UInt64) -> String {
    String(format: "%.1f MiB", Double(bytes) / 1_048_576)
}

func run(rows: Int) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reconcile-benchmark-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let schemaURL = folder.appendingPathComponent("schema.yaml")
    let databasePath = folder.appendingPathComponent("app.sqlite").path
    let reconciler = Reconciler(schemaURL: schemaURL)

    // Create the database, then fill it in one transaction through one prepared statement.
    try schema(nameType: "TEXT").write(to: schemaURL, atomically: true, encoding: .utf8)
    try reconciler.sync(databaseAt: databasePath)
    do {
        let queue = try DatabaseQueue(path: databasePath)
        try queue.write { db in
            let insert = try db.makeStatement(sql: "INSERT INTO items (id, name, score, payload) VALUES (?, ?, ?, ?)")
            var payload = Data((0..<32).map { UInt8($0) })
            for id in stride(from: 1, through: rows, by: 1) {
                payload.withUnsafeMutableBytes { bytes in
                    withUnsafeBytes(of: UInt64(id).littleEndian) { bytes.copyMemory(from: $0) }
                }
                insert.setUncheckedArguments([id, "item \(id)", Double(id) / 7, payload])
                try insert.execute()
            }
        }
        try queue.close()
    }

    // The change: a column type, which ALTER TABLE cannot make.
    try schema(nameType: "VARCHAR(64)").write(to: schemaURL, atomically: true, encoding: .utf8)
    let clock = ContinuousClock()
    var report: SyncReport?
    var elapsed = Duration.zero
    let increase = try Memory.peakIncrease {
        let start = clock.now
        report = try reconciler.sync(databaseAt: databasePath)
        elapsed = clock.now - start
    }
    guard let report, report.plan.steps.contains(where: { if case .rebuild = $0.method { return true } else { return false } })
    else {
        throw BenchmarkError(description: "the sync did not rebuild the table")
    }
    let kept = try DatabaseQueue(path: databasePath).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM items") ?? -1 }
    guard kept == rows else { throw BenchmarkError(description: "\(rows) rows before the rebuild, \(kept) after") }

    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let size = (try? FileManager.default.attributesOfItem(atPath: databasePath)[.size] as? UInt64) ?? 0
    return "rows=\(rows) rebuild=\(String(format: "%.2f", seconds))s peak-memory-increase=\(mebibytes(increase))"
        + " file=\(mebibytes(size))"
}

// MARK: - Main

let arguments = Array(CommandLine.arguments.dropFirst())
var counts: [Int] = []
for argument in arguments.isEmpty ? ["100000", "1000000"] : arguments {
    guard let count = Int(argument.replacingOccurrences(of: "_", with: "")), count >= 0 else {
        FileHandle.standardError.write(Data("usage: reconcile-benchmark [row count …]   (not a row count: \(argument))\n".utf8))
        exit(2)
    }
    counts.append(count)
}
for count in counts {
    do {
        print(try run(rows: count))
    } catch {
        FileHandle.standardError.write(Data("rows=\(count): error: \(error)\n".utf8))
        exit(1)
    }
}
