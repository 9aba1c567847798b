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
        return lines.joined(separator: "\n") + "\n"
    }
}
