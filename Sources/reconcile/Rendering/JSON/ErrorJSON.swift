import SchemaReconciler

// MARK: - ErrorJSON

/// An error as `--format json` prints it: `{"error": {…}}` on standard output, the library's
/// encoding of the ``ReconcileError`` with the command's `exitStatus`, and as `message` the text
/// the command prints (which, for a collation or function of the app's own, says why the
/// command cannot register it).
///
/// ```json
/// {"error": {"kind": "dataDoesNotFit", "code": 13, "exitStatus": 1, "isBusy": false,
///            "isInvalidInput": false, "message": "table users: 2 rows violate …",
///            "violations": [{"table": "users", "constraint": {"kind": "notNull", "column": "nickname", …}, …}]}}
/// ```
struct ErrorJSON: Encodable {
    /// The error.
    var error: ReconcileError

    init(_ error: ReconcileError) {
        self.error = error
    }

    private enum CodingKeys: String, CodingKey {
        case error
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Body(error: error), forKey: .error)
    }

    /// The error's own fields, and what the command adds.
    private struct Body: Encodable {
        var error: ReconcileError

        private enum CodingKeys: String, CodingKey {
            case exitStatus, message
        }

        func encode(to encoder: any Encoder) throws {
            try error.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(ExitStatus(error).rawValue, forKey: .exitStatus)
            try container.encode(ErrorText.description(error), forKey: .message)
        }
    }
}
