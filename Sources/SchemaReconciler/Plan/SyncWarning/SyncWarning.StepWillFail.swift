// MARK: - SyncWarning.StepWillFail

extension SyncWarning.Code {
    /// A step that SQLite refuses even without rows: ``SyncWarning/StepWillFail``.
    public static let stepWillFail = SyncWarning.Code(rawValue: "stepWillFail")
}

extension SyncWarning {
    /// The payload of a step that SQLite refuses even on a copy of the schema without rows, so
    /// that the sync will fail there: the step, and SQLite's message.
    ///
    /// ```swift
    /// warning.payload(as: SyncWarning.StepWillFail.self)?.detail // "duplicate column name: nickname"
    /// ```
    public struct StepWillFail: Payload {
        /// ``SyncWarning/Code/stepWillFail``.
        public static let code = Code.stepWillFail

        /// The step.
        public var step: Step
        /// SQLite's message.
        public var detail: String

        /// The payload of `step`, which SQLite refused with `detail`.
        public init(step: Step, detail: String) {
            self.step = step
            self.detail = detail
        }

        /// `SQLite refuses a step even without rows, so the sync will fail there: …`.
        public var message: String {
            "SQLite refuses a step even without rows, so the sync will fail there: \(step): \(detail)"
        }
    }

    /// A step that SQLite refuses even on a copy of the schema without rows, so that the sync
    /// will fail there, with SQLite's message.
    ///
    /// ```swift
    /// plan.warnings.append(.stepWillFail(step, message: "duplicate column name: nickname"))
    /// ```
    public static func stepWillFail(_ step: Step, message: String) -> SyncWarning {
        SyncWarning(StepWillFail(step: step, detail: message))
    }
}
