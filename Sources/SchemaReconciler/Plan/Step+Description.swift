// MARK: - Step in words

extension Step: CustomStringConvertible {
    /// What the step does and why, in one line: `add column users.nickname (native ALTER)`,
    /// `rebuild table projects (copies 2 rows): column slug: NOT NULL added`.
    public var description: String {
        switch action {
        case .createTable(let table):
            return "create table \(table)"
        case .renameTable(let from, let to):
            return "rename table \(from) to \(to) (native ALTER)"
        case .renameColumn(let table, let from, let to):
            return "rename column \(table).\(from) to \(to) (native ALTER)"
        case .addColumn(let table, let column, let isDeferred):
            return isDeferred
                ? "add column \(table).\(column) without its constraints for now (native ALTER); "
                    + "upgrades may fill it, the contract step gives it its declared definition"
                : "add column \(table).\(column) (native ALTER)"
        case .reindexTable(let table):
            return "reindex table \(table) (its indexes, under the new collations)"
        case .editTable(let table):
            let how = method == .native ? "(native ALTER)" : "in place"
            return "edit table \(table) \(how): " + rebuildReasons.joined(separator: "; ")
        case .rebuildTable(let table):
            let count = rows.map { " (copies \($0) row\($0 == 1 ? "" : "s"))" } ?? ""
            return "rebuild table \(table)\(count): " + rebuildReasons.joined(separator: "; ")
        case .dropColumn(let table, let column):
            let also = droppedIndexes.isEmpty ? ""
                : "; also drops the undeclared index \(droppedIndexes.joined(separator: ", ")) that uses it"
            return "drop column \(table).\(column) (listed under drop; native ALTER\(also))"
        case .dropTable(let table):
            return "drop table \(table) (listed under drop; \(rows ?? 0) row\(rows == 1 ? "" : "s"))"
        case .createVirtualTable(let table):
            return "create virtual table \(table)" + (statements.count > 1 ? " and fill it from its content table" : "")
        case .rebuildVirtualTable(let table):
            return "rebuild virtual table \(table) with its declared arguments"
        case .createIndex(let table, let index, let isUnique):
            return "create \(isUnique ? "unique " : "")index \(index) on \(table)"
        case .dropIndex(let index):
            return "drop index \(index) " + (changes.contains { if case .dropIndex = $0 { true } else { false } }
                ? "(listed under drop)" : "(changed or renamed)")
        case .createView(let view):
            return "create view \(view)"
        case .dropView(let view):
            return "drop view \(view) " + (changes.contains(.dropView(view: view))
                ? "(listed under drop)" : "(its definition changed)")
        case .createTrigger(let trigger, let table):
            let restored = changes.contains { if case .recreateView(let view) = $0 { view.isSameName(as: table) } else { false } }
            return "create trigger \(trigger) on \(table)" + (restored ? " again (dropping the view dropped it)" : "")
        case .dropTrigger(let trigger):
            return "drop trigger \(trigger) " + (changes.contains(.dropTrigger(trigger: trigger))
                ? "(listed under drop)" : "(its definition changed)")
        }
    }

    /// Why a table is rebuilt: each change it carries out, dropped columns together.
    private var rebuildReasons: [String] {
        var reasons: [String] = []
        var dropped: [String] = []
        var created: [String] = []
        for change in changes {
            switch change {
            case .alterTable(_, let difference):
                reasons.append(difference.description + (method == .inPlace && difference.changesAffinity
                    ? " (it converts no stored value)" : ""))
            case .addColumn(_, let column): reasons.append("column \(column) added")
            case .dropColumn(_, let column): dropped.append(column)
            case .createIndex(_, let index), .recreateIndex(_, let index, _): created.append(index)
            default: continue
            }
        }
        if !dropped.isEmpty {
            let indexes = droppedIndexes.count == 1 ? "index" : "indexes"
            reasons.append("drop columns \(dropped.joined(separator: ", "))" + (droppedIndexes.isEmpty ? ""
                : " and the undeclared \(indexes) \(droppedIndexes.joined(separator: ", ")) that use\(droppedIndexes.count == 1 ? "s" : "") them"))
        }
        if !created.isEmpty {
            reasons.append("index\(created.count == 1 ? "" : "es") \(created.joined(separator: ", ")) created as declared")
        }
        return reasons
    }
}
