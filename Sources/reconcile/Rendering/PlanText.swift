import SchemaReconciler

// MARK: - PlanText

/// A plan as the dry run prints it: a script that could be pasted into `sqlite3`, every
/// statement in order, each step introduced by a `--` comment that says what it does and how,
/// the upgrades as comments where they run. With a launch budget, each step's comment carries
/// its estimate, and the budget's line (``LaunchBudgetText``) closes the script, before the work
/// that waits.
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
        if let legacy = plan.legacyRecord { lines.append(comment(LegacyText.line(legacy))) }
        lines += plan.warnings.map { comment("warning: \($0)") }
        lines += opening
        var sessions = plan.editSessionVersions[...]
        lines += steps(plan.expandSteps, sessions: &sessions)
        lines += deferringForeignKeys(upgrades)
        for revision in plan.revisions {
            lines.append("")
            lines.append(comment(revision.description))
        }
        lines += steps(plan.contractSteps, sessions: &sessions)
        lines += deferringForeignKeys(seeds)
        if let closing {
            lines.append("")
            lines.append(closing)
        }
        if !opening.isEmpty { lines.append("COMMIT;") }
        let deferred = (budget.map { [$0.line] } ?? []) + DeferredText(plan).lines
        if !deferred.isEmpty { lines += [""] + deferred.map(comment) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What the sync does before its first step: foreign key enforcement off when the plan
    /// rebuilds or drops a table (before the transaction: SQLite ignores the switch inside one),
    /// then the transaction, which `COMMIT` ends. Nothing for a plan without steps or upgrades.
    private var opening: [String] {
        guard !plan.isEmpty else { return [] }
        var lines = [""]
        if plan.requiresForeignKeysOff {
            lines += [comment("foreign key enforcement off, or dropping the old table would delete the rows that reference it "
                              + "(the sync turns it back on afterwards when the connection had it on)"),
                      "PRAGMA foreign_keys = OFF;"]
        }
        return lines + ["BEGIN IMMEDIATE;"]
    }

    /// The upgrades, as comments where they run.
    private var upgrades: [String] {
        plan.upgrades.enumerated().flatMap { offset, upgrade in
            (offset == 0 ? ["", comment(hazardLine(.runsUpgrades(count: plan.upgrades.count)))] : [""])
                + [comment("upgrade \(upgrade.version): run the "
                           + (upgrade.kind == .script ? "script \(upgrade.name)" : "code upgrade \(upgrade.name)"))]
        }
    }

    /// The seed scripts of a new database, each under a comment that names it, its statements
    /// as written, the last one closed.
    private var seeds: [String] {
        plan.seeds.flatMap { seed in
            ["", comment("\(seed): the rows a new database starts with"), SQLText.closedScript(seed.sql)]
        }
    }

    /// `scripts`, upgrades or seeds, between the pragmas that defer foreign key checks to the
    /// end of the last, as the sync does: a script may move a parent key before its children.
    /// Without foreign key enforcement (the plan turns it off), there is nothing to defer.
    private func deferringForeignKeys(_ scripts: [String]) -> [String] {
        guard !scripts.isEmpty, !plan.requiresForeignKeysOff else { return scripts }
        return ["", comment("foreign key checks deferred to the end of the scripts, as GRDB's migrator defers them: "
                            + "the sync then refuses rows left without a parent"),
                "PRAGMA defer_foreign_keys = ON;"]
            + scripts + ["", "PRAGMA defer_foreign_keys = OFF;"]
    }

    /// What `--check` prints: whether a sync would change anything, and what, one step a line,
    /// then the hazards and the warnings (rows the sync would refuse among them).
    ///
    /// ```
    /// a sync would change the database (from version 1.1.0 to 1.2.0): 2 steps, 1 upgrade
    ///   add column users.nickname (native ALTER)
    /// ```
    var summary: String {
        if plan.isNothingToDo {
            let deferred = DeferredText(plan.deferred).lines
            guard !deferred.isEmpty else { return "in sync: the database matches schema.yaml at version \(plan.toVersion)\n" }
            return (["a sync has nothing to do at version \(plan.toVersion), but work waits:"] + deferred.dropFirst())
                .joined(separator: "\n") + "\n"
        }
        let from = switch plan.fromVersion {
        case nil: "new database at version \(plan.toVersion)"
        case plan.toVersion: "at version \(plan.toVersion)"
        case let version?: "from version \(version) to \(plan.toVersion)"
        }
        let steps = plan.steps.count, upgrades = plan.upgrades.count
        var lines = ["a sync would change the database (\(from)): \(steps) step\(steps == 1 ? "" : "s"), "
                     + "\(upgrades) upgrade\(upgrades == 1 ? "" : "s")"]
        if let legacy = plan.legacyRecord { lines.append("  " + LegacyText.line(legacy)) }
        lines += (plan.expandSteps.map(describing) + plan.upgrades.map(\.description)
            + plan.contractSteps.map(describing) + plan.seeds.map(\.description)).map { "  " + $0 }
        lines += plan.hazards.map { "  " + hazardLine($0) }
        lines += plan.warnings.map { "  warning: \($0)" }
        if let budget { lines.append("  " + budget.line) }
        lines += DeferredText(plan).lines.map { "  " + $0 }
        return lines.joined(separator: "\n") + "\n"
    }

    private var heading: String {
        switch plan.fromVersion {
        case nil:
            let seeds = plan.seeds.isEmpty ? "" : ", then its seed"
            return "-- new database: create the schema of version \(plan.toVersion)\(seeds); no upgrades run"
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
        let foreignKeys = switch plan.foreignKeyCheck {
        case .wholeDatabase: "foreign keys and "
        case .tables(let tables) where tables.isEmpty: ""
        case .tables(let tables): "foreign keys in " + tables.joined(separator: ", ") + " and "
        }
        return "-- then check \(foreignKeys)the resulting schema, and record version \(plan.toVersion) in \(table)"
    }

    /// The steps, consecutive in-place edits framed by the schema edit session they run in,
    /// which sets the schema version the plan has for it (the first of `sessions`, removed).
    private func steps(_ steps: [Step], sessions: inout ArraySlice<Int>) -> [String] {
        var lines: [String] = []
        for group in SchemaEditSession.groups(steps) {
            if group.inPlace {
                lines += ["", comment("in-place edits: the table definitions are rewritten, not a row is copied"),
                          comment("(in a sqlite3 whose connections are in defensive mode, as Apple's are, first run: "
                                  + ".dbconfig defensive off)"),
                          SchemaEditSession.opening + ";"]
            }
            lines += self.stepLines(group.steps)
            if group.inPlace {
                let version = sessions.popFirst().map { SchemaEditSession.settingVersion($0) + ";" }
                lines += ["", version ?? comment("PRAGMA schema_version = <the schema version + 1>;"), SchemaEditSession.closing + ";"]
            }
        }
        return lines
    }

    private func stepLines(_ steps: ArraySlice<Step>) -> [String] {
        var lines: [String] = []
        for step in steps {
            lines.append("")
            lines.append(comment(describing(step)))
            for hazard in step.hazards {
                lines.append(comment(hazardLine(hazard)))
            }
            for constraint in step.checkedConstraints {
                lines.append(comment("(first checks that no row violates \(constraint))"))
            }
            lines += step.statements.map { SQLText.closingLineComment($0) + ";" }
        }
        return lines
    }

    /// With `--launch-budget`, what the budget says: the line that weighs the launch against it,
    /// and each step's estimate.
    private var budget: LaunchBudgetText? {
        LaunchBudgetText(plan)
    }

    /// The step, with its estimate when the plan kept to a launch budget.
    private func describing(_ step: Step) -> String {
        budget?.describing(step) ?? step.description
    }

    /// `hazard copies-rows: copies 3 rows of table notes`.
    private func hazardLine(_ hazard: Hazard) -> String {
        "hazard \(hazard.kind.rawValue): \(hazard)"
    }

    /// A comment line, kept a comment even when a name in it holds a line break.
    private func comment(_ text: String) -> String {
        "-- " + text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: "\n-- ")
    }
}
