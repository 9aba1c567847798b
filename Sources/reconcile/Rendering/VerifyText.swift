import Foundation
import SchemaReconciler

// MARK: - VerifyText

/// What `reconcile verify` prints: one line per release, the problems of a failed one under it,
/// then a summary.
///
/// ```
/// 1.0.0 (history/1.0.0.yaml): 3 tables, 12 rows, 3 upgrades: ok
/// 1.1.0 (history/1.1.0.yaml): 3 tables, 12 rows, 2 upgrades: FAILED
///   the sync failed: table users: 4 rows violate NOT NULL on handle; …
/// 1 of 2 upgrade paths to 1.4.0 failed
/// ```
///
/// then the matrix of older builds: a row per release's database, updated release by release
/// (the current file's last), its floor, and whether each earlier release's build opens it.
///
/// ```
/// older builds opening each release's database (updated release by release):
///   database  floor  1.0.0    1.1.0
///   1.1.0     1.0.0  opens
///   1.2.0     1.2.0  refused  refused
/// ```
struct VerifyText {
    let report: UpgradePathReport

    init(_ report: UpgradePathReport) {
        self.report = report
    }

    var lines: String {
        var lines = report.results.map(\.description)
        let count = report.results.count
        let failed = report.failures.count
        lines.append(failed == 0
            ? "all \(count) upgrade path\(count == 1 ? "" : "s") to \(report.version) pass"
            : "\(failed) of \(count) upgrade path\(count == 1 ? "" : "s") to \(report.version) failed")
        lines += matrix
        return lines.joined(separator: "\n") + "\n"
    }

    /// The matrix of older builds, its columns padded; nothing when there is no row.
    private var matrix: [String] {
        let rows = report.olderBuilds
        guard let last = rows.last else { return [] }
        let header = ["database", "floor"] + last.builds.map { "\($0.version)" }
        let cells = rows.map { row in
            ["\(row.version)", row.floor?.description ?? "none"] + row.builds.map { $0.opens ? "opens" : "refused" }
        }
        let widths = header.indices.map { column in
            ([header] + cells).map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            let padded = cells.enumerated().map { index, cell in
                index == cells.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }
            return "  " + padded.joined(separator: "  ")
        }
        return ["older builds opening each release's database (updated release by release):", line(header)] + cells.map(line)
    }
}
