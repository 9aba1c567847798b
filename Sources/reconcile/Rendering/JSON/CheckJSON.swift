import SchemaReconciler

// MARK: - CheckJSON

/// What `reconcile check --format json` prints when schema.yaml loads (an error is
/// `{"error": …}`, as for every command).
///
/// ```json
/// {"schema": "schema.yaml", "version": "1.1.0", "isComplete": true,
///  "scripts": ["upgrades/1.1.0-fill-display-names.sql"], "warnings": []}
/// ```
enum CheckJSON {
    /// The checked file.
    static func check(_ check: SchemaCheck) -> JSONValue {
        .object(members: [
            ("schema", .string(check.schemaPath)),
            ("version", .text(check.file?.version)),
            ("isComplete", .boolean(check.isComplete)),
            ("scripts", .strings(check.scripts)),
            ("warnings", .array(check.warnings.map(warning) + check.fileWarnings.map { fileWarning($0, in: check) })),
        ])
    }

    /// A warning about what the file says, as ``warning(_:)`` gives a stand-in's.
    static func fileWarning(_ warning: SyncWarning, in check: SchemaCheck) -> JSONValue {
        var location: SourceLocation?
        if case .upgradesBelowLegacyMap(let upgrades, _) = warning, let first = upgrades.first {
            location = check.file?.locations[.upgrade(first.version)]
        }
        return .object(members: [("file", .string(location?.file ?? check.schemaPath)), ("line", .integer(location?.line)),
                                 ("column", .integer(location?.column)), ("message", .string(warning.description)),
                                 ("description", .string(check.located(warning)))])
    }

    /// A warning: where, and what, as the text prints it with and without the location.
    static func warning(_ warning: SchemaError) -> JSONValue {
        let description = StandInText.checkWarning(warning)
        let message = description.range(of: ": warning: ").map { String(description[$0.upperBound...]) } ?? description
        return .object(members: [("file", .string(warning.location?.file)), ("line", .integer(warning.location?.line)),
                                 ("column", .integer(warning.location?.column)), ("message", .string(message)),
                                 ("description", .string(description))])
    }
}
