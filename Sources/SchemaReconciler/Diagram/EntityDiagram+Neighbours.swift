// MARK: - Part of a diagram

extension EntityDiagram {
    /// The part of the diagram around `names`: those tables and views, and every table related
    /// to one of them by a foreign key (in either direction), with the relationships between
    /// the entities kept. A name the diagram does not hold is skipped: ``unknownNames(in:)``
    /// finds them first.
    ///
    /// ```swift
    /// diagram.neighbourhood(of: ["books"]) // books, authors, and the tables that reference books
    /// ```
    package func neighbourhood(of names: [String]) -> EntityDiagram {
        let named = names.map(\.sqlName)
        let isNamed = { (name: String) in named.contains(name.sqlName) }
        var kept = names
        for relationship in relationships {
            if isNamed(relationship.child) { kept.append(relationship.parent) }
            if isNamed(relationship.parent) { kept.append(relationship.child) }
        }
        return restricted(to: kept)
    }

    /// The part of the diagram that holds only the entities named `names` (those the diagram
    /// has), and the relationships between them.
    ///
    /// ```swift
    /// diagram.restricted(to: plan.steps.compactMap(\.table)) // the tables a change touches
    /// ```
    package func restricted(to names: [String]) -> EntityDiagram {
        let kept = Set(names.map(\.sqlName))
        return EntityDiagram(
            entities: entities.filter { kept.contains($0.name.sqlName) },
            relationships: relationships.filter { kept.contains($0.parent.sqlName) && kept.contains($0.child.sqlName) })
    }

    /// The names among `names` that no entity of the diagram has.
    package func unknownNames(in names: [String]) -> [String] {
        names.filter { entity(named: $0) == nil }
    }
}
