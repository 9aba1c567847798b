import SchemaReconciler

// MARK: - ExitStatus

/// The exit statuses docs/command-line.md documents.
enum ExitStatus: Int32 {
    /// The database is in sync, or a plan or report could be made.
    case success = 0
    /// The sync could not be applied; the database was not changed.
    case failure = 1
    /// Invalid input: schema.yaml, an upgrade script, or the command line.
    case invalidInput = 2
    /// `inspect`: the database holds something the printed file can only say as a comment.
    case incomplete = 3
    /// `sync --check`: a sync would change the database (which was not touched).
    case wouldChange = 4

    /// The status for a library error: invalid input, or a sync that could not be applied.
    init(_ error: ReconcileError) {
        self = error.isInvalidInput ? .invalidInput : .failure
    }
}
