import Foundation

// MARK: - ParallelJobs

/// Runs numbered pieces of work on a bounded number of threads, and returns their results in
/// the order of their numbers, whatever order they finished in.
///
/// The calling thread is one of the workers; `jobs - 1` more are started, and all of them are
/// done when `map` returns. Each worker takes the next number not yet taken, so a slow piece of
/// work holds up only its own thread.
///
/// ```swift
/// let sizes = ParallelJobs.map(count: paths.count, jobs: 4) { index in fileSize(paths[index]) }
/// ```
package enum ParallelJobs {
    /// The stack of each thread started: as large as a main thread's, so that work runs on one
    /// as it would on the main thread of a process of its own.
    static let stackSize = 8 << 20

    /// `body(0)`, `body(1)`… `body(count - 1)`, run on up to `jobs` threads at once (at least one).
    package static func map<T: Sendable>(count: Int, jobs: Int, _ body: @Sendable (Int) -> T) -> [T] {
        let workers = max(1, min(jobs, count))
        return withoutActuallyEscaping(body) { body in
            // The threads reach `body` through the queue, which lets go of it once they are done:
            // a thread object may outlive its work, and must not keep `body` beyond this call.
            let queue = WorkQueue<T>(count: count, body: body)
            let group = DispatchGroup()
            for _ in 1..<workers {
                group.enter()
                let thread = Thread {
                    queue.work()
                    group.leave()
                }
                thread.stackSize = stackSize
                thread.start()
            }
            queue.work()
            group.wait()
            return queue.finish()
        }
    }
}

// MARK: - WorkQueue

/// The numbers not yet taken, the work to run on each, and the results so far, shared by the
/// workers under a lock.
private final class WorkQueue<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var body: (@Sendable (Int) -> T)?
    private var next = 0
    private var values: [T?]

    init(count: Int, body: @escaping @Sendable (Int) -> T) {
        self.body = body
        values = Array(repeating: nil, count: count)
    }

    /// Runs the work on each number not yet taken, until none is left.
    func work() {
        while let (index, body) = take() {
            let value = body(index)
            lock.lock()
            values[index] = value
            lock.unlock()
        }
    }

    /// Every result, in order, once every worker is done; the work is let go of.
    func finish() -> [T] {
        lock.lock()
        defer { lock.unlock() }
        body = nil
        return values.map { $0! }
    }

    private func take() -> (Int, @Sendable (Int) -> T)? {
        lock.lock()
        defer { lock.unlock() }
        guard next < values.count, let body else { return nil }
        next += 1
        return (next - 1, body)
    }
}
