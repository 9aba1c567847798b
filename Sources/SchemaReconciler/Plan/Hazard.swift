// MARK: - Hazard

/// What a step, or a plan, does that a CI job or a server may want to forbid: drop data, copy a
/// table, scan its rows, recreate views or triggers, run upgrades, or take away what devices on
/// an earlier release still sync. Each step says which apply
/// to it (``Step/hazards``), and ``Reconciler/Options/deniedHazards`` refuses a sync whose plan
/// has one of the kinds it names, before anything is touched.
///
/// ```swift
/// for hazard in plan.hazards { print(hazard) } // copies 120000 rows of table messages
/// var options = Reconciler.Options()
/// options.deniedHazards = [.dropsData, .copiesRows]   // "never lose data, no rebuild at launch"
/// ```
public enum Hazard: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A declared drop removes a table, a column or a virtual table, and the data it holds
    /// (`rows`, when known, of the table or of the column's table).
    case dropsData(table: String, column: String?, rows: Int?)
    /// A rebuild copies every row of a table (`rows`, when known).
    case copiesRows(table: String, rows: Int?)
    /// A constraint a step adds is checked against every row first (`rows`, when known).
    case scansRows(table: String, rows: Int?)
    /// An index is built over the rows a table already holds (`rows`, when known).
    case buildsIndex(table: String, index: String, rows: Int?)
    /// A view or a trigger is dropped and created again.
    case recreates(kind: SchemaObject.Kind, name: String)
    /// The plan runs upgrades (this many).
    case runsUpgrades(count: Int)
    /// A table or column that `compatibility: cloudkit` shares between devices through CloudKit
    /// is dropped (`renamedTo` is nil) or renamed: devices still on an earlier release send it,
    /// and CloudKit cannot take it from them. `column` is nil for a table; `rows`, when known,
    /// are those of its table.
    case breaksCloudKitSharing(table: String, column: String?, renamedTo: String?, rows: Int?)

    /// The kinds of hazard, as a policy names them.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// ``Hazard/dropsData(table:column:rows:)``.
        case dropsData = "drops-data"
        /// ``Hazard/copiesRows(table:rows:)``.
        case copiesRows = "copies-rows"
        /// ``Hazard/scansRows(table:rows:)``.
        case scansRows = "scans-rows"
        /// ``Hazard/buildsIndex(table:index:rows:)``.
        case buildsIndex = "builds-index"
        /// ``Hazard/recreates(kind:name:)``.
        case recreates = "recreates-views-or-triggers"
        /// ``Hazard/runsUpgrades(count:)``.
        case runsUpgrades = "runs-upgrades"
        /// ``Hazard/breaksCloudKitSharing(table:column:renamedTo:rows:)``.
        case breaksCloudKitSharing = "breaks-cloudkit-sharing"

        /// The kind a policy names, by its name or by the name it had before (`breaks-sync`,
        /// read as ``breaksCloudKitSharing``); nil for any other word.
        ///
        /// ```swift
        /// Hazard.Kind(name: "breaks-sync") // .breaksCloudKitSharing
        /// ```
        package init?(name: String) {
            guard let kind = Kind(rawValue: name) ?? Self.formerNames[name] else { return nil }
            self = kind
        }

        /// The names kinds had before, and the kind each stands for.
        static let formerNames: [String: Kind] = ["breaks-sync": .breaksCloudKitSharing]
    }

    /// The hazard's kind.
    public var kind: Kind {
        switch self {
        case .dropsData: .dropsData
        case .copiesRows: .copiesRows
        case .scansRows: .scansRows
        case .buildsIndex: .buildsIndex
        case .recreates: .recreates
        case .runsUpgrades: .runsUpgrades
        case .breaksCloudKitSharing: .breaksCloudKitSharing
        }
    }

    public var description: String {
        func rows(_ count: Int?) -> String { count.map { "\($0) row\($0 == 1 ? "" : "s")" } ?? "the rows" }
        switch self {
        case .dropsData(let table, let column?, let count):
            return "drops column \(table).\(column) with the data of \(rows(count))"
        case .dropsData(let table, nil, let count):
            return "drops table \(table) with \(rows(count))"
        case .copiesRows(let table, let count):
            return "copies \(rows(count)) of table \(table)"
        case .scansRows(let table, let count):
            return "scans \(rows(count)) of table \(table)"
        case .buildsIndex(let table, let index, let count):
            return "builds index \(index) over \(rows(count)) of table \(table)"
        case .recreates(let kind, let name):
            return "recreates \(kind) \(name)"
        case .runsUpgrades(let count):
            return "runs \(count) upgrade\(count == 1 ? "" : "s")"
        case .breaksCloudKitSharing(let table, let column, let newName, let count):
            let object = column.map { "column \(table).\($0)" } ?? "table \(table)"
            let change = newName.map { "renames CloudKit-shared \(object) to \($0)" } ?? "drops CloudKit-shared \(object)"
            return "\(change)\(count.map { " (\(rows($0)))" } ?? ""), which devices still on an earlier release send"
        }
    }
}

// MARK: - Hazards of steps and plans

extension Step {
    /// The hazards of this step.
    public var hazards: [Hazard] {
        var hazards: [Hazard] = []
        switch action {
        case .dropTable(let table):
            hazards.append(.dropsData(table: table, column: nil, rows: rows))
        case .dropColumn(let table, let column):
            hazards.append(.dropsData(table: table, column: column, rows: rows))
        case .rebuildTable(let table), .rebuildVirtualTable(let table):
            for case .dropColumn(_, let column) in changes {
                hazards.append(.dropsData(table: table, column: column, rows: rows))
            }
            hazards.append(.copiesRows(table: table, rows: rows))
        case .createIndex(let table, let index, _) where rows != 0:
            hazards.append(.buildsIndex(table: table, index: index, rows: rows))
        case .dropView(let view) where changes.contains(.recreateView(view: view)):
            hazards.append(.recreates(kind: .view, name: view))
        case .dropTrigger(let trigger) where changes.contains { if case .recreateTrigger = $0 { true } else { false } }:
            hazards.append(.recreates(kind: .trigger, name: trigger))
        default:
            break
        }
        if let table = checks.first?.target.table {
            hazards.append(.scansRows(table: table, rows: rows))
        }
        return hazards + cloudKitHazards
    }

    /// What the step takes from the devices of earlier releases, when CloudKit shares its table.
    private var cloudKitHazards: [Hazard] {
        guard isCloudKitShared else { return [] }
        return changes.compactMap { change in
            switch change {
            case .dropTable(let table):
                .breaksCloudKitSharing(table: table, column: nil, renamedTo: nil, rows: rows)
            case .dropColumn(let table, let column):
                .breaksCloudKitSharing(table: table, column: column, renamedTo: nil, rows: rows)
            case .renameTable(let from, let to):
                .breaksCloudKitSharing(table: from, column: nil, renamedTo: to, rows: rows)
            case .renameColumn(let table, let from, let to):
                .breaksCloudKitSharing(table: table, column: from, renamedTo: to, rows: rows)
            default: nil
            }
        }
    }
}

extension Plan {
    /// The hazards of every step, in order, then ``Hazard/runsUpgrades(count:)`` when upgrades run.
    public var hazards: [Hazard] {
        steps.flatMap(\.hazards) + upgradeHazards
    }

    /// The hazards of one of these kinds, each with the step that has it (none for upgrades).
    ///
    /// ```swift
    /// plan.deniedHazards([.copiesRows]).map(\.step) // the rebuilds
    /// ```
    public func deniedHazards(_ kinds: Set<Hazard.Kind>) -> [Hazard.Denial] {
        guard !kinds.isEmpty else { return [] }
        var denied: [Hazard.Denial] = []
        for step in steps {
            for hazard in step.hazards where kinds.contains(hazard.kind) {
                denied.append(Hazard.Denial(hazard: hazard, step: step))
            }
        }
        for hazard in upgradeHazards where kinds.contains(hazard.kind) {
            denied.append(Hazard.Denial(hazard: hazard, step: nil, upgrades: upgrades))
        }
        return denied
    }

    private var upgradeHazards: [Hazard] {
        upgrades.isEmpty ? [] : [.runsUpgrades(count: upgrades.count)]
    }
}
