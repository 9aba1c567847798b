import Foundation
import Testing
@testable import SchemaReconciler

// MARK: - The package's SHA-256

/// The package's own SHA-256 gives the standard digests: NIST's examples (FIPS 180-2, appendix
/// B), messages whose length falls on each side of a block's and of the padding's boundary, and
/// a message fed in parts.
@Suite struct SHA256Tests {
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    static func digest(_ text: String) -> String {
        hex(SHA256.hash(data: Data(text.utf8)))
    }

    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        // 448 bits: the padding's length field no longer fits in the block, which takes a second.
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        // 896 bits.
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
    ])
    func nistExamples(message: String, digest: String) {
        #expect(Self.digest(message) == digest)
    }

    @Test func aMillionLettersFedInPartsOfOneThousand() {
        var hasher = SHA256()
        let part = Data(repeating: UInt8(ascii: "a"), count: 1_000)
        for _ in 0..<1_000 { hasher.update(data: part) }
        #expect(Self.hex(hasher.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test(arguments: [
        (55, "463eb28e72f82e0a96c0a4cc53690c571281131f672aa229e0d45ae59b598b59"),
        (56, "da2ae4d6b36748f2a318f23e7ab1dfdf45acdc9d049bd80e59de82a60895f562"),
        (63, "29af2686fd53374a36b0846694cc342177e428d1647515f078784d69cdb9e488"),
        (64, "fdeab9acf3710362bd2658cdc9a29e8f9c757fcf9811603a8c447cd1d9151108"),
        (65, "4bfd2c8b6f1eec7a2afeb48b934ee4b2694182027e6d0fc075074f2fabb31781"),
        (119, "da18797ed7c3a777f0847f429724a2d8cd5138e6ed2895c3fa1a6d39d18f7ec6"),
        (120, "f52b23db1fbb6ded89ef42a23ce0c8922c45f25c50b568a93bf1c075420bbb7c"),
        (128, "471fb943aa23c511f6f72f8d1652d9c880cfa392ad80503120547703e56a2be5"),
    ])
    func lengthsAroundABlockAndItsPadding(length: Int, digest: String) {
        let message = Data((0..<length).map { UInt8($0 % 251) })
        #expect(Self.hex(SHA256.hash(data: message)) == digest)
    }

    /// Fed in two parts split at every place, and byte by byte, a multi-block message has the
    /// digest of the whole.
    @Test func aMessageFedInPartsHasTheDigestOfTheWhole() {
        let message = Data((0..<200).map { UInt8(($0 * 7) % 256) })
        let whole = SHA256.hash(data: message)
        for split in 0...message.count {
            var hasher = SHA256()
            hasher.update(data: message.prefix(split))
            hasher.update(data: message.dropFirst(split))
            #expect(hasher.finalize() == whole, "split at \(split)")
        }
        var byteByByte = SHA256()
        for byte in message { byteByByte.update(data: Data([byte])) }
        #expect(byteByByte.finalize() == whole)
    }

    @Test func finalizingLeavesTheHasherAsItWas() {
        var hasher = SHA256()
        hasher.update(data: Data("ab".utf8))
        _ = hasher.finalize()
        hasher.update(data: Data("c".utf8))
        #expect(Self.hex(hasher.finalize()) == Self.digest("abc"))
    }
}
