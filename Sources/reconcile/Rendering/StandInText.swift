import SchemaReconciler

// MARK: - StandInText

/// What `reconcile` says of a collation, SQL function or tokenizer of the app's own that
/// schema.yaml uses (a ``SchemaError/unregistered(_:kind:in:at:)`` error). The command cannot
/// run the app's code, which registers it: a sync refuses the file, with an error that says so;
/// a dry run, a check, a status and `verify` stand in for it, after a warning.
///
/// ```swift
/// ErrorText.printLine(StandInText.warning(error))
/// // schema.yaml:9:7: warning: column 'name' of table 'contacts' uses the collation …
/// ```
enum StandInText {
    /// The error a sync prints: what the command knows, and where to sync from instead. Nil
    /// for another error.
    static func error(_ error: SchemaError) -> String? {
        guard case .unregistered(let name, let kind, let context, let location) = error,
              let missing = UnregisteredSQL(error) else { return nil }
        let remedy = missing.kind == .tokenizer
            ? "check and sync this schema from the app, which registers it in Reconciler.Options.prepareDatabase"
            : "sync this database from the app, which registers it in Reconciler.Options.prepareDatabase "
                + "(reconcile --dry-run, --check, status and verify stand in for it)"
        return "\(location): error: \(context) uses the \(kind) '\(name)', which the reconcile command does not have: "
            + "it knows only \(missing.builtIns), not the app's own, and writes no database with a stand-in for one; "
            + remedy
    }

    /// The warning a command that writes nothing prints before it goes on with a stand-in.
    static func warning(_ error: SchemaError) -> String {
        guard case .unregistered(let name, let kind, let context, let location) = error,
              let missing = UnregisteredSQL(error) else { return "warning: \(error.message)" }
        return "\(location): warning: \(context) uses the \(kind) '\(name)', which the reconcile command does not "
            + "have: it knows only \(missing.builtIns). A stand-in that does nothing takes its place here; the app's "
            + "sync, which registers it in Reconciler.Options.prepareDatabase, checks it and finds a misspelt name"
    }

    /// The warning `reconcile check` prints: a stand-in's, or, for a tokenizer of the app's
    /// own, which has no stand-in, what the check could not go on to.
    ///
    /// ```
    /// schema.yaml:4:3: warning: virtual table 'docs' uses the tokenizer 'stemmer', which the reconcile command …
    /// ```
    static func checkWarning(_ error: SchemaError) -> String {
        guard case .unregistered(let name, "tokenizer", let context, let location) = error,
              let missing = UnregisteredSQL(error) else { return warning(error) }
        return "\(location): warning: \(context) uses the tokenizer '\(name)', which the reconcile command does not "
            + "have: it knows only \(missing.builtIns). The check stops there: the virtual tables after it, the views, "
            + "the triggers and the upgrade scripts are left to the app's sync, which registers it in "
            + "Reconciler.Options.prepareDatabase"
    }
}
