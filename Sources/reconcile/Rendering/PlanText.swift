import SchemaReconciler

// MARK: - PlanText

/// A plan as the dry run prints it: a script that could be pasted into `sqlite3`, every
/// statement in order, each step introduced by a `--` comment that says what it does and how,
/// the upgrades as comments where they run.
///
/// ```swift
/// print(PlanText(plan).script)
/// // -- add column users.nickname (native ALTER)
/// // ALTER TABLE "users" ADD COLUMN "nickname" TEXT;
/// ```
struct PlanText {
    let plan: Plan

    init(_ plan: Plan) {
        self.plan = plan
    }

    var script: String {
        var lines = [heading]
        lines += plan.warnings.map { comment("warning: \($0)") }
        lines += steps(plan.expandSteps)
        for upgrade in plan.upgrades {
            lines.append("")
            lines.append(comment("upgrade \(upgrade.version): run the "
                + (upgrade.kind == .script ? "script \(upgrade.name)" : "code upgrade \(upgrade.name)")))
        }
        for revision in plan.revisions {
            lines.append("")
            lines.append(comment(revision.description))
        }
        lines += steps(plan.contractSteps)
        if let closing {
            lines.append("")
            lines.append(closing)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private var heading: String {
        switch plan.fromVersion {
        case nil:
            return "-- new database: create the schema of version \(plan.toVersion); no upgrades run"
        case let from? where plan.isNothingToDo:
            return "-- nothing to do: the database matches schema.yaml at version \(from)"
        case let from?:
            return "-- sync from version \(from) to \(plan.toVersion)"
        }
    }

    private var closing: String? {
        let table = StoredState.stateTable
        if plan.isNothingToDo { return nil }
        if plan.isEmpty && plan.fromVersion != nil {
            return "-- the schema already matches: record version \(plan.toVersion) in \(table)"
        }
        return "-- then check foreign keys and the resulting schema, and record version \(plan.toVersion) in \(table)"
    }

    private func steps(_ steps: [Step]) -> [String] {
        var lines: [String] = []
        for step in steps {
            lines.append("")
            lines.append(comment(step.description))
            for constraint in step.checkedConstraints {
                lines.append(comment("(first checks that no row violates \(constraint))"))
            }
            lines += step.statements.map { SQLText.closingLineComment($0) + ";" }
        }
        return lines
    }

    /// A comment line, kept a comment even when a name in it holds a line break.
    private func comment(_ text: String) -> String {
        "-- " + text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: "\n-- ")
    }
}
