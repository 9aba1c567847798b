import Foundation
import SchemaReconciler
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - ManyDatabasesText

/// What `reconcile` prints for a `--database` pattern: a line for each database that changed
/// (or would change, or is out of sync) and for each that failed, in path order, then a count.
/// Failures and warnings go to standard error, as `path: error: …` and `path: warning: …`.
///
/// ```
/// tenants/acme.sqlite synced from version 1.0.0 to 1.1.0: 1 step, 0 upgrades
/// tenants/globex.sqlite: error: table users: 2 rows violate NOT NULL on email; …
/// 3 databases: 1 synced, 1 already in sync, 1 failed
/// ```
struct ManyDatabasesText {
    /// One line, and where it goes.
    enum Line: Equatable {
        /// A line on standard output.
        case output(String)
        /// A line on standard error.
        case error(String)
    }

    /// The lines, in the order they are written.
    var lines: [Line] = []

    /// Writes the lines in order, each to its stream.
    func print() {
        for line in lines {
            switch line {
            case .output(let text):
                Swift.print(text)
            case .error(let text):
                fflush(nil)   // what standard output holds comes first
                ErrorText.printLine(text)
            }
        }
    }

    // MARK: Sync

    /// A sync: the databases it changed, the warnings, the failures, and the count.
    static func sync(_ outcomes: [Reconciler.Outcome]) -> ManyDatabasesText {
        var text = ManyDatabasesText()
        for outcome in outcomes {
            switch outcome.result {
            case .success(let report):
                if report.didChange { text.lines.append(.output("\(outcome.path) \(synced(report))")) }
                text.lines += report.warnings.map { .error("\(outcome.path): warning: \($0)") }
            case .failure(let error):
                text.lines.append(failure(error, path: outcome.path))
            }
        }
        let tally = DatabaseTally(outcomes.map(\.result)) { $0.didChange }
        text.lines.append(.output(tally.line(changed: "synced", unchanged: "already in sync")))
        return text
    }

    /// `synced from version 1.0.0 to 1.1.0: 2 steps, 1 upgrade`.
    private static func synced(_ report: SyncReport) -> String {
        let versions = switch report.plan.fromVersion {
        case nil: "to version \(report.version)"
        case report.version: "at version \(report.version)"
        case let from?: "from version \(from) to \(report.version)"
        }
        return "synced \(versions): " + counted(report.plan.steps.count, "step") + ", "
            + counted(report.upgrades.count, "upgrade")
    }

    // MARK: Check and dry run

    /// `--check`: what a sync would do to each database it would change, the failures, and the count.
    static func check(_ plans: [(path: String, result: Result<Plan, ReconcileError>)]) -> ManyDatabasesText {
        var text = ManyDatabasesText()
        for (path, result) in plans {
            switch result {
            case .success(let plan) where !plan.isNothingToDo:
                text.lines.append(.output("\(path): " + PlanText(plan).summary.dropLast()))
            case .success:
                break
            case .failure(let error):
                text.lines.append(failure(error, path: path))
            }
        }
        text.lines.append(.output(tally(plans).line(changed: "would change", unchanged: "in sync")))
        return text
    }

    /// `--dry-run`: each database's script under a comment that names it, the failures, and the
    /// count as a comment.
    static func dryRun(_ plans: [(path: String, result: Result<Plan, ReconcileError>)]) -> ManyDatabasesText {
        var text = ManyDatabasesText()
        for (path, result) in plans {
            switch result {
            case .success(let plan):
                text.lines.append(.output("-- database \(path)\n" + PlanText(plan).script))
            case .failure(let error):
                text.lines.append(failure(error, path: path))
            }
        }
        text.lines.append(.output("-- " + tally(plans).line(changed: "would change", unchanged: "in sync")))
        return text
    }

    private static func tally(_ plans: [(path: String, result: Result<Plan, ReconcileError>)]) -> DatabaseTally {
        DatabaseTally(plans.map(\.result)) { !$0.isNothingToDo }
    }

    // MARK: Status

    /// `status`: one line per database, the failures on standard error, and the count.
    ///
    /// ```
    /// tenants/acme.sqlite: in sync at version 1.1.0
    /// tenants/globex.sqlite: at version 1.0.0, schema.yaml at 1.1.0: 1 pending step, 0 pending upgrades
    /// 2 databases: 1 out of sync, 1 in sync, 0 failed
    /// ```
    static func status(_ statuses: [(path: String, result: Result<SyncStatus, ReconcileError>)]) -> ManyDatabasesText {
        var text = ManyDatabasesText()
        for (path, result) in statuses {
            switch result {
            case .success(let status):
                text.lines.append(.output("\(path): \(standing(status))"))
            case .failure(let error):
                text.lines.append(failure(error, path: path))
            }
        }
        let tally = DatabaseTally(statuses.map(\.result)) { !$0.isInSync }
        text.lines.append(.output(tally.line(changed: "out of sync", unchanged: "in sync")))
        return text
    }

    /// `in sync at version 1.1.0`, or where the database stands and what the next sync would do.
    private static func standing(_ status: SyncStatus) -> String {
        if status.isInSync { return "in sync at version \(status.declaredVersion)" }
        let stored = switch status.storedVersion {
        case _ where !status.databaseExists: "does not exist yet"
        case nil: "never synced"
        case let version?: "at version \(version)"
        }
        var line = "\(stored), schema.yaml at \(status.declaredVersion): "
        line += status.isSchemaCompared ? counted(status.pendingSteps.count, "pending step") : "schema not compared"
        line += ", " + counted(status.pendingUpgrades.count, "pending upgrade")
        if let problem = status.problem { line += "; problem: \(problem)" }
        return line
    }

    // MARK: Parts

    /// `tenants/acme.sqlite: error: …`, as ``ErrorText`` words the error of one database.
    private static func failure(_ error: ReconcileError, path: String) -> Line {
        .error("\(path): " + ErrorText.message(error))
    }

    /// `1 step`, `2 steps`.
    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
