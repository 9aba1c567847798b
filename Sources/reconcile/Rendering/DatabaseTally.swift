import SchemaReconciler

// MARK: - DatabaseTally

/// The count of databases a command with a `--database` pattern worked on: how many it changed
/// (or would change, or found out of sync), how many it left as they were, and how many failed.
///
/// ```swift
/// let tally = DatabaseTally(outcomes.map(\.result)) { $0.didChange }
/// tally.line(changed: "synced", unchanged: "already in sync") // "3 databases: 1 synced, 1 already in sync, 1 failed"
/// ```
struct DatabaseTally {
    /// Every database.
    var databases = 0
    /// The databases that changed, would change, or are out of sync.
    var changed = 0
    /// The databases left as they were, or in sync.
    var unchanged = 0
    /// The databases whose work failed.
    var failed = 0

    /// Counts `results`; `isChange` tells a change from none.
    init<Value>(_ results: [Result<Value, ReconcileError>], isChange: (Value) -> Bool) {
        for result in results {
            databases += 1
            switch result {
            case .success(let value) where isChange(value): changed += 1
            case .success: unchanged += 1
            case .failure: failed += 1
            }
        }
    }

    /// The summary line, naming the changed and unchanged databases in the command's words.
    func line(changed changedWord: String, unchanged unchangedWord: String) -> String {
        "\(databases) database\(databases == 1 ? "" : "s"): \(changed) \(changedWord), \(unchanged) \(unchangedWord), "
            + "\(failed) failed"
    }
}
