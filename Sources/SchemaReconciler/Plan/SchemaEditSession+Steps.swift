// MARK: - Edit sessions of a plan

/// How a plan's in-place edits fall into schema edit sessions (``SchemaEditSession``), and the
/// schema version each session sets.
///
/// ```swift
/// for group in SchemaEditSession.groups(plan.steps) where group.inPlace { … }
/// ```
extension SchemaEditSession {
    // MARK: Schema versions

    /// The schema version each in-place session of `steps` sets, for a database at version
    /// `base` when the first step runs, counting one for each statement that changes the
    /// schema. This holds for the statements of tables, indexes, views and triggers; a virtual
    /// table's module creates tables of its own, so a plan that has one is counted by SQLite, on
    /// the rehearsal copy.
    package static func versions(of steps: [Step], from base: Int) -> [Int] {
        var version = base
        var versions: [Int] = []
        for group in groups(steps) {
            if group.inPlace {
                version += 1
                versions.append(version)
            } else {
                version += group.steps.flatMap(\.statements).filter(changesSchema).count
            }
        }
        return versions
    }

    /// Whether a statement changes the schema (and so the schema version): `CREATE`, `DROP`
    /// or `ALTER`.
    private static func changesSchema(_ statement: String) -> Bool {
        guard let first = SQLTokenizer.tokens(in: statement).first else { return false }
        return first.isKeyword("CREATE") || first.isKeyword("DROP") || first.isKeyword("ALTER")
    }

    // MARK: Grouping

    /// The steps in order, each run of consecutive in-place steps of one phase as one group
    /// (the upgrades run between the phases, so a session never spans them).
    package static func groups(_ steps: [Step]) -> [(inPlace: Bool, steps: ArraySlice<Step>)] {
        var groups: [(inPlace: Bool, steps: ArraySlice<Step>)] = []
        var start = steps.startIndex
        while start < steps.endIndex {
            let inPlace = steps[start].method == .inPlace, phase = steps[start].phase
            var end = start + 1
            while end < steps.endIndex && (steps[end].method == .inPlace) == inPlace && steps[end].phase == phase { end += 1 }
            groups.append((inPlace, steps[start..<end]))
            start = end
        }
        return groups
    }
}
