// MARK: - Plan as SQL

extension Plan {
    /// The plan as a script that could be pasted into `sqlite3`: every statement in order,
    /// each step preceded by a `--` comment saying why, the upgrades as comments where they run.
    ///
    /// ```swift
    /// print(try reconciler.plan(databaseAt: "app.sqlite").sql)
    /// // -- add column users.nickname (native ALTER)
    /// // ALTER TABLE "users" ADD COLUMN "nickname" TEXT;
    /// ```
    package var sql: String {
        var lines: [String] = []
        let nothingToDo = isEmpty && fromVersion == toVersion
        switch fromVersion {
        case nil:
            lines.append("-- new database: create the schema of version \(toVersion); no upgrades run")
        case let from? where nothingToDo:
            lines.append("-- nothing to do: the database matches schema.yaml at version \(from)")
        case let from?:
            lines.append("-- sync from version \(from) to \(toVersion)")
        }
        /// A comment line, kept a comment even when a name in it holds a line break.
        func comment(_ text: String) -> String {
            "-- " + text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: "\n-- ")
        }
        lines += warnings.map { comment("warning: " + $0) }
        func emit(_ steps: [Step]) {
            for step in steps {
                lines.append("")
                lines.append(comment(step.summary))
                var described = Set<String>()
                for check in step.checks where described.insert(check.constraint.description).inserted {
                    lines.append(comment("(first checks that no row violates \(check.constraint.description))"))
                }
                lines += step.statements.map { SQLText.closingLineComment($0) + ";" }
            }
        }
        emit(expandSteps)
        for upgrade in upgrades {
            lines.append("")
            switch upgrade.kind {
            case .script(let script):
                lines.append(comment("upgrade \(upgrade.version): run the script \(script.path)"))
            case .code(let name):
                lines.append(comment("upgrade \(upgrade.version): run the code upgrade \(name)"))
            }
        }
        emit(contractSteps)
        if isEmpty && !nothingToDo && fromVersion != nil {
            lines.append("")
            lines.append("-- the schema already matches: record version \(toVersion) in \(StoredState.stateTable)")
        } else if !nothingToDo {
            lines.append("")
            lines.append("-- then check foreign keys and the resulting schema, and record version \(toVersion) "
                         + "in \(StoredState.stateTable)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
