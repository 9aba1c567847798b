#!/usr/bin/env python3
"""Makes the edits GRDB's Package.swift asks for in its "GRDB+SQLCipher" comments, in place.

    .ci/grdb-sqlcipher-edits.py path/to/GRDB.swift/Package.swift

Each such comment says what to do with what follows it:
- "Uncomment ...": the commented-out lines right below it lose their leading `//`;
- "Delete ...": the declaration right below it goes, down to its closing parenthesis.

The comments themselves stay. The script then checks the outcome: no `GRDBSQLite` left, and the
SQLCipher.swift dependency, the SQLITE_HAS_CODEC and SQLCipher defines and the GRDBSQLCipher
target present. It fails if the comments are not as expected, rather than guess.
"""
import re
import sys

MARKER = "GRDB+SQLCipher:"


def uncommented(line):
    """`    //foo` -> `    foo`."""
    return re.sub(r"^(\s*)//", r"\1", line, count=1)


def is_commented_code(line):
    stripped = line.strip()
    return stripped.startswith("//") and MARKER not in stripped


def code_of(line):
    """The line without its comment: a whole-line `//` comment, or one after a space (not the
    `//` of a URL)."""
    if line.strip().startswith("//"):
        return ""
    return re.sub(r"\s//.*$", "", line)


def declaration_end(lines, start):
    """The index of the last line of the declaration that starts at `start`."""
    depth = 0
    for index in range(start, len(lines)):
        code = code_of(lines[index])
        depth += code.count("(") + code.count("[") - code.count(")") - code.count("]")
        if depth <= 0:
            return index
    sys.exit(f"grdb-sqlcipher-edits: no end to the declaration at line {start + 1}")


def apply(lines):
    out = []
    index = 0
    edits = 0
    while index < len(lines):
        line = lines[index]
        out.append(line)
        index += 1
        if MARKER not in line:
            continue
        instruction = line.split(MARKER, 1)[1].strip()
        if instruction.startswith("Uncomment"):
            start = index
            while index < len(lines) and is_commented_code(lines[index]):
                out.append(uncommented(lines[index]))
                index += 1
            if index == start:
                sys.exit(f"grdb-sqlcipher-edits: nothing to uncomment below line {start}")
        elif instruction.startswith("Delete"):
            if index >= len(lines) or not lines[index].strip() or lines[index].strip().startswith("//"):
                sys.exit(f"grdb-sqlcipher-edits: nothing to delete below line {index}")
            index = declaration_end(lines, index) + 1
        else:
            sys.exit(f"grdb-sqlcipher-edits: unknown instruction at line {index}: {instruction}")
        edits += 1
    return out, edits


def check(text):
    code = "\n".join(code_of(line) for line in text.splitlines())
    expected = [
        '.package(url: "https://github.com/sqlcipher/SQLCipher.swift',
        'cSettings.append(.define("SQLITE_HAS_CODEC"))',
        'swiftSettings.append(.define("SQLITE_HAS_CODEC"))',
        'swiftSettings.append(.define("SQLCipher"))',
        'name: "GRDBSQLCipher"',
        '.product(name: "SQLCipher", package: "SQLCipher.swift")',
        '.target(name: "GRDBSQLCipher")',
    ]
    missing = [snippet for snippet in expected if snippet not in code]
    if missing:
        sys.exit("grdb-sqlcipher-edits: after the edits, missing: " + "; ".join(missing))
    if "GRDBSQLite" in code:
        sys.exit("grdb-sqlcipher-edits: after the edits, GRDBSQLite is still declared")


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    path = sys.argv[1]
    with open(path, encoding="utf-8") as file:
        lines = file.read().splitlines()
    edited, edits = apply(lines)
    text = "\n".join(edited) + "\n"
    check(text)
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)
    print(f"grdb-sqlcipher-edits: {edits} edits made in {path}")


if __name__ == "__main__":
    main()
