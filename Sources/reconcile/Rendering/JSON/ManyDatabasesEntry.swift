import SchemaReconciler

// MARK: - ManyDatabasesEntry

/// One database of a plan or a status of many: `{"path": …, "plan": {...}}` or
/// `{"path": …, "error": {...}}`, as ``Reconciler/Outcome`` is for a sync.
struct ManyDatabasesEntry<Value: Encodable>: Encodable {
    enum CodingKeys: String, CodingKey {
        case path, plan, status, error
    }

    var path: String
    /// The key of the value: `plan` or `status`.
    var key: CodingKeys
    var result: Result<Value, ReconcileError>

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        switch result {
        case .success(let value): try container.encode(value, forKey: key)
        case .failure(let error): try container.encode(error, forKey: .error)
        }
    }
}
