// MARK: - ReconcileError.HazardsDenied

extension ReconcileError.Code {
    /// The plan has hazards that the options refuse: ``ReconcileError/HazardsDenied``.
    public static let hazardsDenied = ReconcileError.Code(rawValue: 19, name: "hazardsDenied")
}

extension ReconcileError {
    /// The payload of a plan with hazards that ``Reconciler/Options/deniedHazards`` refuses: each
    /// hazard, with the step or the upgrades it comes from. Nothing was touched.
    ///
    /// ```swift
    /// for denial in error.payload(as: ReconcileError.HazardsDenied.self)?.denied ?? [] { print(denial) }
    /// ```
    public struct HazardsDenied: Payload {
        /// ``ReconcileError/Code/hazardsDenied``.
        public static let code = Code.hazardsDenied

        /// The hazards refused.
        public var denied: [Hazard.Denial]

        /// The payload of `denied`.
        public init(denied: [Hazard.Denial]) {
            self.denied = denied
        }

        /// `the plan has hazards that are denied (copies-rows); nothing was changed:`, then each.
        public var message: String {
            let kinds = Array(Set(denied.map(\.hazard.kind.rawValue))).sorted().joined(separator: ", ")
            return "the plan has hazards that are denied (\(kinds)); nothing was changed:\n  "
                + denied.map(\.description).joined(separator: "\n  ")
        }
    }

    /// The plan has hazards that ``Reconciler/Options/deniedHazards`` refuses; nothing was touched.
    ///
    /// ```swift
    /// if !denied.isEmpty { throw ReconcileError.hazardsDenied(denied) }
    /// ```
    public static func hazardsDenied(_ denied: [Hazard.Denial]) -> ReconcileError {
        ReconcileError(HazardsDenied(denied: denied))
    }
}
