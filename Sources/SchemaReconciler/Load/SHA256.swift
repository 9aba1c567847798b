import Foundation

// MARK: - SHA256

/// The SHA-256 digest of bytes, as FIPS 180-4 defines it, fed in parts.
///
/// The package's fingerprints and script checksums need one hash function and nothing else of a
/// cryptography library; on Linux the library that provides it (swift-crypto) compiles BoringSSL,
/// most of a first build. The digests are the standard ones, those CryptoKit and swift-crypto give.
///
/// ```swift
/// var hasher = SHA256()
/// hasher.update(data: Data("ab".utf8))
/// hasher.update(data: Data("c".utf8))
/// hasher.finalize() == SHA256.hash(data: Data("abc".utf8))   // ba7816bf…f20015ad, 32 bytes
/// ```
struct SHA256 {
    /// The eight words of the hash so far.
    private var state: [UInt32] = SHA256.initialState
    /// The bytes fed since the last whole 64-byte block: fewer than 64.
    private var pending: [UInt8] = []
    /// How many bytes were fed in all.
    private var byteCount: UInt64 = 0

    /// A hasher that was fed nothing yet.
    init() {
        pending.reserveCapacity(Self.blockSize)
    }

    /// The digest of `data`: 32 bytes.
    static func hash(data: Data) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(data: data)
        return hasher.finalize()
    }

    // MARK: Feeding

    /// Feeds `data`: the digest is that of everything fed, in order, as if in one part.
    mutating func update(data: Data) {
        data.withUnsafeBytes { update(bytes: $0) }
    }

    /// Feeds `bytes`.
    mutating func update(bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        byteCount &+= UInt64(bytes.count)
        var offset = 0
        if !pending.isEmpty {
            offset = min(Self.blockSize - pending.count, bytes.count)
            pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[0..<offset]))
            guard pending.count == Self.blockSize else { return }
            let block = pending
            pending.removeAll(keepingCapacity: true)
            block.withUnsafeBytes { Self.compress(&state, block: $0.baseAddress!) }
        }
        while bytes.count - offset >= Self.blockSize {
            Self.compress(&state, block: base + offset)
            offset += Self.blockSize
        }
        pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[offset...]))
    }

    /// The digest of everything fed: 32 bytes. The hasher itself is left as it was.
    func finalize() -> [UInt8] {
        var copy = self
        let bitCount = byteCount &* 8
        // A 1 bit, zeros up to 8 bytes short of a block's end, then the message's length in bits.
        var padding: [UInt8] = [0x80]
        let used = (pending.count + 1) % Self.blockSize
        padding += repeatElement(0, count: (Self.blockSize + 56 - used) % Self.blockSize)
        padding += (0..<8).reversed().map { UInt8(truncatingIfNeeded: bitCount >> (8 * UInt64($0))) }
        padding.withUnsafeBytes { copy.update(bytes: $0) }
        return copy.state.flatMap { word in (0..<4).reversed().map { UInt8(truncatingIfNeeded: word >> (8 * UInt32($0))) } }
    }

    // MARK: The compression function

    static let blockSize = 64

    /// Mixes one 64-byte block into `state`.
    private static func compress(_ state: inout [UInt32], block: UnsafeRawPointer) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
            for t in 0..<16 {
                schedule[t] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 4 * t, as: UInt32.self))
            }
            for t in 16..<64 {
                let before15 = schedule[t - 15], before2 = schedule[t - 2]
                let sigma0: UInt32 = rotateRight(before15, 7) ^ rotateRight(before15, 18) ^ (before15 >> 3)
                let sigma1: UInt32 = rotateRight(before2, 17) ^ rotateRight(before2, 19) ^ (before2 >> 10)
                schedule[t] = schedule[t - 16] &+ sigma0 &+ schedule[t - 7] &+ sigma1
            }
            var a = state[0], b = state[1], c = state[2], d = state[3]
            var e = state[4], f = state[5], g = state[6], h = state[7]
            for t in 0..<64 {
                let sum1: UInt32 = rotateRight(e, 6) ^ rotateRight(e, 11) ^ rotateRight(e, 25)
                let choice: UInt32 = (e & f) ^ (~e & g)
                let first: UInt32 = h &+ sum1 &+ choice &+ roundConstants[t] &+ schedule[t]
                let sum0: UInt32 = rotateRight(a, 2) ^ rotateRight(a, 13) ^ rotateRight(a, 22)
                let majority: UInt32 = (a & b) ^ (a & c) ^ (b & c)
                let second: UInt32 = sum0 &+ majority
                h = g
                g = f
                f = e
                e = d &+ first
                d = c
                c = b
                b = a
                a = first &+ second
            }
            state[0] &+= a
            state[1] &+= b
            state[2] &+= c
            state[3] &+= d
            state[4] &+= e
            state[5] &+= f
            state[6] &+= g
            state[7] &+= h
        }
    }

    private static func rotateRight(_ word: UInt32, _ count: UInt32) -> UInt32 {
        (word >> count) | (word << (32 - count))
    }

    // MARK: Constants

    /// The first 32 bits of the fractional parts of the square roots of the first 8 primes.
    private static let initialState: [UInt32] = [
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    ]

    /// The first 32 bits of the fractional parts of the cube roots of the first 64 primes.
    private static let roundConstants: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]
}
