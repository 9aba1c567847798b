import SchemaReconciler

// MARK: - CheckJSON

/// What `reconcile check --format json` prints when schema.yaml loads (an error is
/// `{"error": …}`, as for every command); `version` is left out when the check stopped before it.
///
/// ```json
/// {"schema": "schema.yaml", "version": "1.1.0", "isComplete": true,
///  "scripts": ["upgrades/1.1.0-fill-display-names.sql"], "warnings": []}
/// ```
struct CheckJSON: Encodable {
    /// A warning: where, and what, as the text prints it with and without the location.
    struct Warning: Encodable {
        var file: String?
        var line: Int?
        var column: Int?
        var message: String
        var description: String
    }

    /// The checked file.
    var schema: String
    /// Its version.
    var version: SemanticVersion?
    /// Whether the whole file was checked.
    var isComplete: Bool
    /// The upgrade scripts read.
    var scripts: [String]
    /// What the command could not check, then what the file says that a sync warns about.
    var warnings: [Warning]

    init(_ check: SchemaCheck) {
        schema = check.schemaPath
        version = check.file?.version
        isComplete = check.isComplete
        scripts = check.scripts
        warnings = check.warnings.map(Self.warning) + check.fileWarnings.map { Self.fileWarning($0, in: check) }
    }

    /// A warning about what the file says, as ``warning(_:)`` gives a stand-in's.
    private static func fileWarning(_ warning: SyncWarning, in check: SchemaCheck) -> Warning {
        var location: SourceLocation?
        if let first = warning.payload(as: SyncWarning.UpgradesBelowLegacyMap.self)?.upgrades.first {
            location = check.file?.locations[.upgrade(first.version)]
        }
        return Warning(file: location?.file ?? check.schemaPath, line: location?.line, column: location?.column,
                       message: warning.description, description: check.located(warning))
    }

    /// A stand-in's warning.
    private static func warning(_ warning: SchemaError) -> Warning {
        let description = StandInText.checkWarning(warning)
        let message = description.range(of: ": warning: ").map { String(description[$0.upperBound...]) } ?? description
        return Warning(file: warning.location?.file, line: warning.location?.line, column: warning.location?.column,
                       message: message, description: description)
    }
}
