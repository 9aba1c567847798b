import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - ReconcileBinary

/// The `reconcile` built beside this benchmark, run as a whole process: start-up, reading
/// schema.yaml, the work and the exit.
///
/// It is started with `posix_spawn` and waited for with `waitpid`, so that the time around
/// ``run(_:errorsTo:)`` is the process's own: Foundation's `Process.waitUntilExit()` turns its run
/// loop in steps of 50 ms on Linux, which adds up to that much to every process it waits for.
///
/// ```swift
/// let reconcile = try ReconcileBinary.besideBenchmark()
/// try reconcile.succeed(["--schema", schema, "--database", path], errorsTo: fixture.path("stderr.txt"))
/// ```
struct ReconcileBinary {
    /// How one process ended.
    struct Exit {
        /// The exit status; 128 + the signal's number when a signal ended it.
        var status: Int32
        /// What it wrote to standard error (read only when the status is not 0).
        var errors: String

        /// Whether the command line named an option this build of `reconcile` does not have.
        var isUnknownOption: Bool { status == 2 && errors.contains("Unknown option") }

        /// An error when the status is not 0, quoting the command's `arguments` and what it
        /// wrote to standard error.
        func check(_ arguments: [String]) throws {
            guard status != 0 else { return }
            throw BenchmarkError(description: "reconcile \(arguments.joined(separator: " ")) exited with \(status): "
                                 + errors.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// The executable.
    let url: URL

    /// The `reconcile` in the folder of this executable; when it is missing, an error that says
    /// how to build it.
    static func besideBenchmark() throws -> ReconcileBinary {
        let url = benchmarkFolder.appendingPathComponent("reconcile")
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw BenchmarkError(description: "there is no reconcile beside the benchmark (\(url.path)); "
                                 + "build it first: swift build -c release --product reconcile")
        }
        return ReconcileBinary(url: url)
    }

    /// The folder of this executable (the build's products).
    static var benchmarkFolder: URL {
        (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).deletingLastPathComponent()
    }

    // MARK: Running

    /// Runs `reconcile` with `arguments` and waits for it: standard output is discarded, standard
    /// error is written to the file `errorPath`.
    func run(_ arguments: [String], errorsTo errorPath: String) throws -> Exit {
        let argv: [UnsafeMutablePointer<CChar>?] = ([url.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, url.path, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw BenchmarkError(description: "could not start \(url.path): \(String(cString: strerror(spawned)))")
        }
        let status = try Self.wait(for: pid)
        let errors = status == 0 ? "" : (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        return Exit(status: status, errors: errors)
    }

    /// Runs `reconcile` with `arguments`; an exit status other than 0 is an error that quotes
    /// what it wrote to standard error.
    func succeed(_ arguments: [String], errorsTo errorPath: String) throws {
        try run(arguments, errorsTo: errorPath).check(arguments)
    }

    /// Waits for the process `pid` to end, and returns its exit status.
    private static func wait(for pid: pid_t) throws -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else {
                throw BenchmarkError(description: "waitpid failed: \(String(cString: strerror(errno)))")
            }
        }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
}
