import GRDB

// MARK: - Views and triggers compiled against the declared tables

extension DeclaredSQLCheck {
    /// Has SQLite compile each declared view (a read of it) and trigger (a statement that fires
    /// it) against the declared tables, created in `db` with them: a misspelt column or table is
    /// invalid input, located at the view or trigger. Only a table the file does not declare at
    /// all is let through, as the database may hold it, undeclared; the sync checks it there.
    ///
    /// ```swift
    /// var check = DeclaredSQLCheck(schema: file.schema, locations: file.locations)
    /// try check.compileViewsAndTriggers(in: db)
    /// ```
    mutating func compileViewsAndTriggers(in db: Database) throws {
        // Each pass throws or registers a stand-in, which may let more compile: read them again.
        while let broken = try BrokenObject.all(in: db).first(where: { !namesUndeclaredTable($0.message) }) {
            switch broken.kind {
            case .view(let name):
                try refuse("view '\(name)'", message: broken.message, at: .view(name), in: db)
            case .triggers(let names, let table, let event):
                let (name, message) = try culprit(among: names, table: table, event: event, in: db)
                    ?? (names[0], broken.message)
                try refuse("trigger '\(name)'", message: message, at: .trigger(name), in: db)
            }
        }
    }

    /// Whether SQLite's message is about a table or view that the file does not declare.
    private func namesUndeclaredTable(_ message: String) -> Bool {
        let prefix = "no such table: "
        guard message.hasPrefix(prefix) else { return false }
        var name = String(message.dropFirst(prefix.count))
        if name.hasPrefix("main.") { name.removeFirst(5) }
        return schema.table(named: name) == nil && schema.view(named: name) == nil && schema.virtualTable(named: name) == nil
    }

    /// Of triggers that fail together (fired by the same statement), the first that fails on
    /// its own, and SQLite's message for it: each is put back alone and fired, then all of them
    /// are put back.
    private func culprit(among names: [String], table: String, event: String,
                         in db: Database) throws -> (String, String)? {
        let triggers = names.compactMap(schema.trigger(named:))
        for trigger in triggers { try db.execute(sql: "DROP TRIGGER main.\(SQLText.quote(trigger.name))") }
        defer { for trigger in triggers { try? db.execute(sql: SchemaSQL.createTrigger(trigger)) } }
        for trigger in triggers {
            try db.execute(sql: SchemaSQL.createTrigger(trigger))
            let broken = try BrokenObject.all(in: db)
            try db.execute(sql: "DROP TRIGGER main.\(SQLText.quote(trigger.name))")
            if let found = broken.first(where: { $0.keys.contains(.trigger(trigger.name.sqlName)) }),
               !namesUndeclaredTable(found.message) {
                return (trigger.name, found.message)
            }
        }
        return nil
    }
}
