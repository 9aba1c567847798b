import SchemaReconciler

// MARK: - InspectJSON

/// What `reconcile inspect --format json` prints: the file, and what it could not declare, each
/// part as the library encodes it (`loadError` and `legacyRecord` left out when there is none).
///
/// ```json
/// {"yaml": "version: 1.0.0\ntables: …", "isComplete": false,
///  "undeclarable": [{"kind": "table", "name": "t", "clause": "…", "description": "…"}]}
/// ```
struct InspectJSON: Encodable {
    /// The schema.yaml text.
    var yaml: String
    /// Whether it says everything the database holds.
    var isComplete: Bool
    /// What it can say only as comments.
    var undeclarable: [UndeclarableClause]
    /// Why the text does not load, when it does not.
    var loadError: SchemaError?
    /// The old migration tool's record that its `legacy` section maps.
    var legacyRecord: LegacyRecord?

    init(_ inspected: Reconciler.InspectedSchema) {
        yaml = inspected.yaml
        isComplete = inspected.isComplete
        undeclarable = inspected.undeclarable
        loadError = inspected.loadError
        legacyRecord = inspected.legacyRecord
    }
}
