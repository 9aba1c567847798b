import Foundation
import Testing

// MARK: - Links between the documents resolve

/// Every relative link of the README, `ARCHITECTURE.md`, `CHANGELOG.md`, `Benchmarks/README.md`
/// and `docs/` points to a file of the repository, and its `#fragment`, if it has one, to a
/// heading of that file as GitHub makes anchors of them.
@Suite struct DocumentLinkTests {
    /// A link that does not resolve, in words: the document, its line, the target and why.
    static func brokenLinks(in document: MarkdownDocument) throws -> [String] {
        var broken: [String] = []
        for (line, target) in document.links where !Self.isExternal(target) {
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let file = String(parts[0])
            let fragment = parts.count > 1 ? String(parts[1]) : nil
            let url = file.isEmpty ? document.url
                : document.url.deletingLastPathComponent().appendingPathComponent(file.removingPercentEncoding ?? file)
            guard FileManager.default.fileExists(atPath: url.path) else {
                broken.append("\(document.path):\(line): \(target): no such file")
                continue
            }
            guard let fragment, url.pathExtension == "md" else { continue }
            if !(try MarkdownDocument(url).anchors.contains(fragment)) {
                broken.append("\(document.path):\(line): \(target): no heading makes the anchor #\(fragment)")
            }
        }
        return broken
    }

    static func isExternal(_ target: String) -> Bool {
        target.contains("://") || target.hasPrefix("mailto:")
    }

    @Test func everyRelativeLinkResolves() throws {
        let documents = try MarkdownDocument.repositoryDocuments()
        #expect(Set(documents.map(\.path)).isSuperset(of: [
            "README.md", "ARCHITECTURE.md", "CHANGELOG.md", "Benchmarks/README.md",
            "docs/command-line.md", "docs/schema-format.md",
        ]), "the documents were not found")
        #expect(documents.map(\.links.count).reduce(0, +) >= 50)
        for document in documents {
            for broken in try Self.brokenLinks(in: document) {
                Issue.record(Comment(rawValue: broken))
            }
        }
    }

    @Test func anchorsAreMadeAsGitHubMakesThem() {
        #expect(MarkdownDocument.anchor(for: "Big databases at launch: `--defer` and `finish`")
                == "big-databases-at-launch---defer-and-finish")
        #expect(MarkdownDocument.anchor(for: "Check schema.yaml at build time") == "check-schemayaml-at-build-time")
        #expect(MarkdownDocument.anchor(for: "Coming from FMDB, GRDB's migrator or Room")
                == "coming-from-fmdb-grdbs-migrator-or-room")
        #expect(MarkdownDocument.anchor(for: "`status`, `inspect` and `verify`") == "status-inspect-and-verify")
        #expect(MarkdownDocument.anchor(for: "legacy_versions") == "legacy_versions")
    }

    /// A document with a link to a missing file, one to a missing heading, and one that is only
    /// an example in code: the first two are reported, the third is not.
    @Test func aBrokenLinkIsReported() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("links-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("page.md")
        try """
            # A page

            ## Its part

            See [the part](#its-part), [the other](other.md), [a heading](#no-such-part) and
            [the web](https://example.com/#x). `[not a link](nowhere.md)`

            ```
            [in code](nowhere.md)
            ```
            """.write(to: page, atomically: true, encoding: .utf8)

        let broken = try Self.brokenLinks(in: MarkdownDocument(page))
        #expect(broken.count == 2)
        #expect(broken.first?.hasSuffix("other.md: no such file") == true)
        #expect(broken.last?.hasSuffix("#no-such-part: no heading makes the anchor #no-such-part") == true)
    }
}
