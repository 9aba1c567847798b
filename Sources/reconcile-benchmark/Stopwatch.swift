import Foundation
import SchemaReconciler

// MARK: - Stopwatch

/// Times a piece of work the way the benchmark compares it with its floor: several runs, each
/// after its own untimed setup, and the median, so that one slow run on a busy machine does not
/// decide a figure.
///
/// ```swift
/// let seconds = try Stopwatch.median(runs: 5, setup: { try fixture.copy() }) { path in
///     try reconciler.sync(databaseAt: path)
/// }
/// ```
enum Stopwatch {
    /// The median time of `body` over `runs` runs, each given what `setup` returned.
    static func median<Input>(runs: Int, setup: () throws -> Input, _ body: (Input) throws -> Void) rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
            let input = try setup()
            let start = ContinuousClock.now
            try body(input)
            times.append(seconds(ContinuousClock.now - start))
        }
        return times.sorted()[times.count / 2]
    }

    /// The median time of `body` over `runs` runs.
    static func median(runs: Int, _ body: () throws -> Void) rethrows -> Double {
        try median(runs: runs, setup: {}, body)
    }

    /// The median times of `measured` and of `floor`, run in turn, so that both see the same
    /// machine: (measured, floor).
    static func medians<Input>(runs: Int, setup: () throws -> Input, measured: (Input) throws -> Void,
                               floor: (Input) throws -> Void) rethrows -> (Double, Double) {
        try medians(runs: runs, setup: { _ in try setup() }, measured: measured, floor: floor)
    }

    /// The median times of `measured` and of `floor`, run in turn, each after a setup told which
    /// of the two it prepares for (`true`: `measured`), so that each side gets its own input:
    /// (measured, floor).
    static func medians<Input>(runs: Int, setup: (_ isMeasured: Bool) throws -> Input, measured: (Input) throws -> Void,
                               floor: (Input) throws -> Void) rethrows -> (Double, Double) {
        var measuredTimes: [Double] = []
        var floorTimes: [Double] = []
        for run in 0..<runs {
            for turn in run % 2 == 0 ? [0, 1] : [1, 0] {
                let input = try setup(turn == 0)
                let start = ContinuousClock.now
                try turn == 0 ? measured(input) : floor(input)
                let time = seconds(ContinuousClock.now - start)
                if turn == 0 { measuredTimes.append(time) } else { floorTimes.append(time) }
            }
        }
        return (measuredTimes.sorted()[runs / 2], floorTimes.sorted()[runs / 2])
    }

    /// A duration in seconds.
    static func seconds(_ duration: Duration) -> Double {
        duration.seconds
    }
}

// MARK: - Figure

/// One line of the benchmark's table: the work, its time, its floor's time, and the goal.
struct Figure {
    /// What is measured.
    var name: String
    /// The reconciler's time, in seconds.
    var measured: Double
    /// What the floor is.
    var floorName: String
    /// The floor's time, in seconds, measured in the same run.
    var floor: Double
    /// The highest ratio that meets the goal.
    var goal: Double
    /// Anything else worth printing (memory, counts).
    var extra: String = ""
    /// Why the figure could not be measured, when it could not (`flag not available`).
    var unavailable: String?

    /// A figure that could not be measured, and why.
    static func unavailable(_ name: String, floorName: String, goal: Double, reason: String) -> Figure {
        Figure(name: name, measured: 0, floorName: floorName, floor: 0, goal: goal, unavailable: reason)
    }

    /// The measured time over the floor's.
    var ratio: Double { measured / floor }

    /// The line printed for it.
    var line: String {
        if let unavailable { return "\(name): n/a (\(unavailable))" + String(format: " (goal ≤ %.2f×)", goal) }
        let verdict = ratio <= goal ? "met" : "NOT MET"
        return "\(name): \(Self.time(measured)) vs \(floorName) \(Self.time(floor)) = "
            + String(format: "%.2f×", ratio) + String(format: " (goal ≤ %.2f×: %@)", goal, verdict)
            + (extra.isEmpty ? "" : "; " + extra)
    }

    /// `12.3 ms`, `1.24 s`.
    static func time(_ seconds: Double) -> String {
        seconds < 1 ? String(format: "%.3g ms", seconds * 1000) : String(format: "%.3g s", seconds)
    }
}
