// MARK: - ReconcileError.BrokenObjects

extension ReconcileError.Code {
    /// Views or triggers would no longer compile after the sync: ``ReconcileError/BrokenObjects``.
    public static let brokenObjects = ReconcileError.Code(rawValue: 15, name: "brokenObjects")
}

extension ReconcileError {
    /// The payload of views or triggers that worked before the sync and would no longer compile
    /// after it: each, with SQLite's message.
    ///
    /// ```swift
    /// error.payload(as: ReconcileError.BrokenObjects.self)?.objects.map(\.subject) // ["view recent"]
    /// ```
    public struct BrokenObjects: Payload {
        /// ``ReconcileError/Code/brokenObjects``.
        public static let code = Code.brokenObjects

        /// The views and triggers.
        public var objects: [BrokenObject]

        /// The payload of `objects`.
        public init(objects: [BrokenObject]) {
            self.objects = objects
        }

        /// `the sync would leave view recent unusable: …`, and what to do.
        public var message: String {
            if objects.allSatisfy(\.isDeclared) { return declaredObjectsBroken }
            let one = objects.count == 1
            let what = one
                ? "\(objects[0].subject) unusable: \(objects[0].message)"
                : "these views and triggers unusable:" + objects.map { "\n  \($0.description)" }.joined()
            return "the sync would leave \(what)\n  "
                + "\(one ? "It uses" : "They use") a table or column that the sync removes or changes: "
                + "list \(one ? "it" : "them") under drop (views: or triggers:), or declare "
                + "\(one ? "it" : "them") in schema.yaml with a definition that fits the new schema. "
                + "The database was rolled back; nothing was changed."
        }

        /// Declared views and triggers that compile against the declared tables (the loader
        /// checks that) but not against the database after the sync: they name a table that
        /// neither has.
        private var declaredObjectsBroken: String {
            let one = objects.count == 1
            let what = one
                ? "\(objects[0].subject), declared in schema.yaml, cannot be used: \(objects[0].message)"
                : "these views and triggers, declared in schema.yaml, cannot be used:"
                    + objects.map { "\n  \($0.description)" }.joined()
            return "\(what)\n  \(one ? "It names" : "They name") a table that schema.yaml does not declare and that the "
                + "database does not hold after the sync (one the file drops, or a misspelt name): correct the SQL in "
                + "schema.yaml, or declare the table. "
                + "The database was rolled back; nothing was changed."
        }
    }

    /// Views or triggers that worked before the sync would no longer compile after it.
    ///
    /// ```swift
    /// throw ReconcileError.brokenObjects(broken)
    /// ```
    public static func brokenObjects(_ objects: [BrokenObject]) -> ReconcileError {
        ReconcileError(BrokenObjects(objects: objects))
    }
}
