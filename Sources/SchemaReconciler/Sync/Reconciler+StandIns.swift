import GRDB

// MARK: - Stand-ins for the app's own SQL

extension Reconciler {
    /// This reconciler with schema.yaml loaded once, a stand-in that does nothing taking the
    /// place of each collation and function of the app's own that it uses (and of those
    /// `others` name: those of past releases' files), on every connection the reconciler opens,
    /// after ``Options/prepareDatabase``; and for each function that a default calls (the
    /// file's, and `otherDefaultFunctions`), one that numbers the rows that take the default,
    /// which the triggers of `verify`'s databases insert (wherever the function is called: a
    /// trigger or view that calls it too gets the same one).
    ///
    /// The `reconcile` command cannot run the app's code: this is how its dry runs, checks,
    /// statuses and upgrade paths still work with such a schema. A stand-in collation orders
    /// nothing as the app's does, so what it makes is never written to a database.
    ///
    /// ```swift
    /// let standingIn = try reconciler.standingInForUnregisteredSQL()
    /// for standIn in standingIn.standIns { print("warning:", standIn.message) }
    /// let plan = try standingIn.plan(databaseAt: "app.sqlite")
    /// ```
    ///
    /// - Throws: ``ReconcileError/invalidSchema(_:)``.
    package func standingInForUnregisteredSQL(alsoFor others: [SchemaError] = [],
                                              otherDefaultFunctions: [UnregisteredSQL] = []) throws(ReconcileError) -> Reconciler {
        var loader = SchemaLoader(prepareDatabase: options.prepareDatabase)
        loader.standsInForUnregisteredSQL = true
        let file: SchemaFile
        do {
            file = try SchemaError.catching { try loader.load(contentsOf: schemaURL) }
        } catch {
            throw .invalidSchema(error)
        }
        let missing = (file.standIns + others).compactMap(UnregisteredSQL.init)
        let defaults = file.defaultFunctions + otherDefaultFunctions
        let counter = UnregisteredSQL.Counter()
        var standingIn = self
        standingIn.source = .loaded(file)
        standingIn.options.prepareDatabase = { [options] db in
            try options.prepareDatabase?(db)
            // A default's function first: a trigger or view that calls it too then gets the
            // numbering one, not the one that returns NULL (which the default would then store).
            for standIn in defaults { standIn.registerNumberingStandIn(in: db, counter: counter) }
            for standIn in missing { standIn.registerStandIn(in: db) }
        }
        return standingIn
    }

    /// The collations and functions that the loaded schema.yaml uses and that were stood in
    /// for, each as the ``SchemaError/unregistered(_:kind:in:at:)`` error a sync throws; empty
    /// for a reconciler that reads the file at each sync.
    ///
    /// ```swift
    /// try reconciler.standingInForUnregisteredSQL().standIns.map(\.location)
    /// ```
    package var standIns: [SchemaError] {
        guard case .loaded(let file) = source else { return [] }
        return file.standIns
    }
}
