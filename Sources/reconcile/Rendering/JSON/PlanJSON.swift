import SchemaReconciler

// MARK: - PlanJSON

/// A plan as `--dry-run --format json` and `--check --format json` print it; the README's
/// "JSON output" section documents each key.
///
/// ```json
/// {"fromVersion": "1.1.0", "toVersion": "1.2.0", "isNothingToDo": false,
///  "steps": [{"description": "add column users.nickname (native ALTER)", "action": "addColumn", …}],
///  "upgrades": [...], "revisions": [...], "hazards": [...], "warnings": [...]}
/// ```
enum PlanJSON {
    /// The plan.
    static func plan(_ plan: Plan) -> JSONValue {
        .object(members: [
            ("fromVersion", .text(plan.fromVersion)),
            ("toVersion", .text(plan.toVersion)),
            ("isNothingToDo", .boolean(plan.isNothingToDo)),
            ("steps", .array(plan.steps.map(step))),
            ("upgrades", .array(plan.upgrades.map(upgrade))),
            ("revisions", .strings(plan.revisions.map(\.description))),
            ("hazards", .array(plan.hazards.map(hazard))),
            ("warnings", .array(plan.warnings.map(warning))),
            ("foreignKeyCheck", foreignKeyCheck(plan.foreignKeyCheck)),
            ("deferred", deferred(plan.deferred)),
            ("copiedAtLaunch", .array(plan.copiedAtLaunch.map(launchCopy))),
            ("legacyRecord", LegacyJSON.record(plan.legacyRecord)),
        ])
    }

    /// The work that waits for `reconcile finish`: its steps, and whether the foreign key check
    /// of the whole database waits.
    static func deferred(_ deferred: DeferredWork) -> JSONValue {
        .object(members: [("steps", .array(deferred.steps.map(step))),
                          ("checksForeignKeys", .boolean(deferred.checksForeignKeys))])
    }

    /// A table a launch copies all the same: the changes the app needs now that call for the
    /// copy, and the work that could have waited, done in it.
    static func launchCopy(_ copy: LaunchCopy) -> JSONValue {
        .object(members: [("table", .string(copy.table)), ("needs", .strings(copy.needs.map(\.description))),
                          ("waiting", .strings(copy.waiting.map(\.description))), ("description", .string(copy.description))])
    }

    /// Where the sync checks foreign keys: `"wholeDatabase"`, or the names of the tables.
    private static func foreignKeyCheck(_ check: ForeignKeyCheck) -> JSONValue {
        switch check {
        case .wholeDatabase: .string("wholeDatabase")
        case .tables(let tables): .strings(tables)
        }
    }

    // MARK: Steps

    /// One step: what it does and why, its SQL, its phase and method, the rows it moves.
    static func step(_ step: Step) -> JSONValue {
        .object(members: [
            ("description", .string(step.description)),
            ("action", .string(action(step.action))),
            ("table", .string(step.table)),
            ("phase", .string(step.phase.rawValue)),
            ("method", .string(step.method.rawValue)),
            ("rows", .integer(step.rows)),
            ("changes", .strings(step.changes.map(\.description))),
            ("checks", .strings(step.checkedConstraints.map(\.description))),
            ("hazards", .array(step.hazards.map(hazard))),
            ("statements", .strings(step.statements)),
        ])
    }

    /// The name of a step's action: `createTable`, `addColumn`, `rebuildTable`…
    static func action(_ action: Step.Action) -> String {
        switch action {
        case .createTable: "createTable"
        case .renameTable: "renameTable"
        case .renameColumn: "renameColumn"
        case .addColumn: "addColumn"
        case .rebuildTable: "rebuildTable"
        case .editTable: "editTable"
        case .reindexTable: "reindexTable"
        case .dropColumn: "dropColumn"
        case .dropTable: "dropTable"
        case .createVirtualTable: "createVirtualTable"
        case .rebuildVirtualTable: "rebuildVirtualTable"
        case .createIndex: "createIndex"
        case .dropIndex: "dropIndex"
        case .createView: "createView"
        case .dropView: "dropView"
        case .createTrigger: "createTrigger"
        case .dropTrigger: "dropTrigger"
        }
    }

    // MARK: Hazards, upgrades, warnings

    /// A hazard: its kind as `--deny` names it, what it is about, and how many rows.
    static func hazard(_ hazard: Hazard) -> JSONValue {
        var table: String?, column: String?, rows: Int?, name: String?, objectKind: String?, count: Int?
        switch hazard {
        case .dropsData(let t, let c, let r): (table, column, rows) = (t, c, r)
        case .copiesRows(let t, let r), .scansRows(let t, let r): (table, rows) = (t, r)
        case .buildsIndex(let t, let n, let r): (table, name, rows) = (t, n, r)
        case .recreates(let kind, let n): (objectKind, name) = ("\(kind)", n)
        case .runsUpgrades(let n): count = n
        }
        return .object(members: [
            ("kind", .string(hazard.kind.rawValue)),
            ("description", .string(hazard.description)),
            ("table", .string(table)),
            ("column", .string(column)),
            ("rows", .integer(rows)),
            ("objectKind", .string(objectKind)),
            ("name", .string(name)),
            ("count", .integer(count)),
        ])
    }

    /// An upgrade: its version, its script path or code name, and which of the two it is.
    static func upgrade(_ upgrade: Upgrade) -> JSONValue {
        .object(members: [("version", .text(upgrade.version)), ("name", .string(upgrade.name)),
                 ("kind", .string(upgrade.kind.rawValue))])
    }

    /// A warning: its kind and its message.
    static func warning(_ warning: SyncWarning) -> JSONValue {
        let kind = switch warning {
        case .undeclared: "undeclared"
        case .scriptChanged: "scriptChanged"
        case .scriptNeverRuns: "scriptNeverRuns"
        case .leftoverTable: "leftoverTable"
        case .alreadyBroken: "alreadyBroken"
        case .wouldBreak: "wouldBreak"
        case .stepWillFail: "stepWillFail"
        case .rowsWillNotFit: "rowsWillNotFit"
        }
        return .object(members: [("kind", .string(kind)), ("message", .string(warning.description))])
    }
}
