import Foundation
import SchemaReconciler
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - ProgressText

/// What `reconcile sync` writes on standard error while it runs.
///
/// When standard error is a terminal: one line, rewritten in place as the sync goes (a carriage
/// return, the text cut to the terminal's width, the rest of the line cleared), and erased when
/// the sync ends, so that only the report and any warnings remain:
///
/// ```
/// step 2 of 5 (42% of 1000000 rows): rebuild table items (copies 1000000 rows): column name: …
/// ```
///
/// Otherwise (a pipe, a file, a CI log): one plain line as each step and each upgrade starts.
///
/// ```
/// step 1 of 2: rebuild table items (copies 5000 rows): column name: type TEXT changed to BLOB
/// upgrade 1 of 1: upgrades/1.2.0.sql (1.2.0)
/// step 2 of 2: create index items_by_name on items
/// ```
///
/// The sync calls it on its own thread; the lock keeps two syncs of one command from mixing
/// their writes.
final class ProgressText: @unchecked Sendable {
    /// Whether anything is written (not with `--format json`).
    private let isShown: Bool
    /// Whether standard error is a terminal, where the line is rewritten in place.
    private let isTerminal: Bool
    /// The columns of the terminal.
    private let width: Int
    private let lock = NSLock()
    /// The line on the terminal now; empty when there is none.
    private var line = ""

    /// Progress on standard error, or nothing when `isShown` is false.
    init(isShown: Bool, isTerminal: Bool = isatty(STDERR_FILENO) != 0, width: Int? = nil) {
        self.isShown = isShown
        self.isTerminal = isTerminal
        self.width = width ?? Self.terminalWidth() ?? 80
    }

    // MARK: Showing a sync's progress

    /// Runs `body` with a copy of `reconciler` that reports its progress here; on a terminal,
    /// erases the line when `body` returns or throws, before the report or the error is printed.
    func showing<T>(_ reconciler: Reconciler, _ body: (Reconciler) throws -> T) rethrows -> T {
        guard isShown else { return try body(reconciler) }
        var reconciler = reconciler
        reconciler.options.progress = { [self] progress in show(progress) }
        defer { erase() }
        return try body(reconciler)
    }

    /// Writes where the sync stands: on a terminal, over the current line when the text changed;
    /// elsewhere, a line when a step or an upgrade starts.
    func show(_ progress: SyncProgress) {
        lock.lock()
        defer { lock.unlock() }
        if isTerminal {
            let text = String(Self.text(progress).prefix(max(1, width - 1)))
            guard text != line else { return }
            line = text
            write("\r" + text + "\u{1B}[K")
        } else if progress.copiedRows == nil, progress.step != nil || progress.upgrade != nil {
            write(Self.text(progress) + "\n")
        }
    }

    /// Erases the terminal's line, if any.
    func erase() {
        lock.lock()
        defer { lock.unlock() }
        guard !line.isEmpty else { return }
        line = ""
        write("\r\u{1B}[K")
    }

    // MARK: Text

    /// The text of one report, without a line end.
    static func text(_ progress: SyncProgress) -> String {
        if let step = progress.step {
            var position = "step \(progress.stepNumber) of \(progress.stepCount)"
            if let copied = progress.copiedRows, let total = progress.totalRows {
                let percent = total == 0 ? 100 : copied * 100 / total
                position += " (\(percent)% of \(total) row\(total == 1 ? "" : "s"))"
            }
            return "\(position): \(step)"
        }
        if let upgrade = progress.upgrade {
            let what = upgrade.kind == .script ? "\(upgrade.version)" : "\(upgrade.version), code"
            return "upgrade \(progress.upgradeNumber) of \(progress.upgradeCount): \(upgrade.name) (\(what))"
        }
        switch progress.phase {
        case .planning: return "planning…"
        case .applyingSteps: return "applying steps…"
        case .runningUpgrades: return "running upgrades…"
        case .checking: return "checking the result…"
        case .recording: return "recording the sync…"
        }
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// The columns of the terminal standard error writes to; nil when it cannot tell.
    private static func terminalWidth() -> Int? {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
