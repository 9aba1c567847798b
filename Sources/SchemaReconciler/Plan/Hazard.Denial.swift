// MARK: - Hazard.Denial

extension Hazard {
    /// A hazard that ``Reconciler/Options/deniedHazards`` refuses, with the step that has it, or
    /// the upgrades when it is ``Hazard/runsUpgrades(count:)``.
    ///
    /// ```swift
    /// catch let error as ReconcileError where error.code == .hazardsDenied {
    ///     for item in error.payload(as: ReconcileError.HazardsDenied.self)?.denied ?? [] {
    ///         print(item.hazard, item.step.map { "in \($0)" } ?? "")
    ///     }
    /// }
    /// ```
    public struct Denial: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The hazard.
        public var hazard: Hazard
        /// The step that has it (nil for upgrades).
        public var step: Step?
        /// The upgrades, when the hazard is that upgrades run.
        public var upgrades: [Upgrade]

        /// Creates a value.
        public init(hazard: Hazard, step: Step?, upgrades: [Upgrade] = []) {
            self.hazard = hazard
            self.step = step
            self.upgrades = upgrades
        }

        /// `copies-rows: copies 3 rows of table notes, in step: rebuild table notes …`.
        public var description: String {
            let source = step.map { "in step: \($0)" } ?? upgrades.map(\.description).joined(separator: ", ")
            return "\(hazard.kind.rawValue): \(hazard), \(source)"
        }
    }
}
