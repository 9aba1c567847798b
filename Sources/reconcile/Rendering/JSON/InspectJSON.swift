import SchemaReconciler

// MARK: - InspectJSON

/// What `reconcile inspect --format json` prints: the file, and what it could not declare.
///
/// ```json
/// {"yaml": "version: 1.0.0\ntables: …", "isComplete": false, "legacyRecord": null,
///  "undeclarable": [{"kind": "table", "name": "t", "clause": "…", "description": "…"}], "loadError": null}
/// ```
enum InspectJSON {
    /// The inspected schema.
    static func inspected(_ inspected: Reconciler.InspectedSchema) -> JSONValue {
        .object(members: [
            ("yaml", .string(inspected.yaml)),
            ("isComplete", .boolean(inspected.isComplete)),
            ("undeclarable", .array(inspected.undeclarable.map { clause in
                .object(members: [("kind", .text(clause.kind)), ("name", .string(clause.name)),
                         ("clause", .string(clause.clause)), ("description", .string(clause.description))])
            })),
            ("loadError", inspected.loadError.map(ErrorJSON.schemaError) ?? .null),
            ("legacyRecord", LegacyJSON.record(inspected.legacyRecord)),
        ])
    }
}
