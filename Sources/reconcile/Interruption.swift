import Dispatch
import Foundation
import SchemaReconciler

// MARK: - Interruption

/// Ctrl-C (SIGINT) and SIGTERM: the sync running is cancelled — SQLite's statement interrupted,
/// the transaction rolled back, a new database's temporary file removed — and `reconcile` says
/// "interrupted; nothing was changed" and exits 128 + the signal's number (130, 143).
///
/// A command that only reads and holds nothing open in a file (`inspect`, `verify`) stops at once.
///
/// ```swift
/// Interruption.shared.start()
/// let reconciler = Reconciler(schemaPath: "schema.yaml").withCancellation(Interruption.shared.cancellation)
/// ```
final class Interruption: @unchecked Sendable {
    /// The one per process.
    static let shared = Interruption()

    /// What the signals cancel.
    let cancellation = SyncCancellation()
    private let lock = NSLock()
    private var received: Int32?
    private var waitsForCancellation = false
    private var sources: [any DispatchSourceSignal] = []

    /// The signal received, if any.
    var signal: Int32? { lock.withLock { received } }

    /// Handles SIGINT and SIGTERM from now on, instead of dying at once.
    func start() {
        for number in [SIGINT, SIGTERM] {
            Foundation.signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in received(number) }
            source.resume()
            sources.append(source)
        }
    }

    /// Makes the next signal wait for the cancelled work to unwind (a sync, a dry run, a status),
    /// rather than end the process at once.
    func waitForCancellation() {
        lock.withLock { waitsForCancellation = true }
    }

    private func received(_ number: Int32) {
        let (first, waits) = lock.withLock {
            let first = received == nil
            if first { received = number }
            return (first, waitsForCancellation)
        }
        cancellation.cancel()
        guard first else { return }
        // No cancellation to wait for: end now (nothing is being written). A second signal
        // while a sync unwinds is ignored: ending then would leave its transaction open.
        if !waits { Self.exit(number) }
        endIfStuck(number)
    }

    /// Ends the process if, some time after the signal, the work has not stopped and holds no
    /// database (it is somewhere no cancellation check reaches); waits while it holds one, as
    /// a rollback is on its way there.
    private func endIfStuck(_ number: Int32) {
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(3)) { [self] in
            if cancellation.isUsingDatabase { endIfStuck(number) } else { Self.exit(number) }
        }
    }

    /// Says the command was interrupted, and ends the process with 128 + `number`.
    static func exit(_ number: Int32, changedNothing: Bool = true) -> Never {
        ErrorText.printLine(changedNothing ? "interrupted; nothing was changed" : "interrupted")
        Foundation.exit(128 + number)
    }
}
