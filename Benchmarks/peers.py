#!/usr/bin/env python3
"""Side by side with the tools a user would pick instead, on the same databases in one run.

    pip install alembic sqlalchemy sqlite-utils
    swift build -c release --product reconcile
    python3 Benchmarks/peers.py [--bin .build/release/reconcile] [--tables 1000] [--rows 1000000]

Each line gives `reconcile` as a whole process (start, reading schema.yaml, the work, exit)
against the peer's own work measured in-process, so the peer's interpreter start-up and imports
are never counted against it:

- the plan of N tables that each gain a column: `reconcile --dry-run` against Alembic's
  `compare_metadata` (SQLAlchemy reflecting the database and diffing it with the metadata);
- NOT NULL added to a column of a large table whose rows all have a value, and a column's
  affinity changed (TEXT to BLOB): `reconcile` against sqlite-utils' `Table.transform`, each on
  a fresh copy of the same file.

None of this is needed to build or test the package.
"""

import argparse
import shutil
import sqlite3
import statistics
import subprocess
import tempfile
import time
from pathlib import Path


def tables_yaml(count, version="1.0.0", extra=None):
    """The schema of `count` app-like tables, as the Swift benchmark writes it."""
    lines = [f"version: {version}", "tables:"]
    for index in range(count):
        parent = "t0" if index == 0 else f"t{index - 1}"
        lines += [
            f"  t{index}:",
            "    columns:",
            "      id: { type: INTEGER, primary_key: true }",
            f"      parent_id: {{ type: INTEGER, references: {parent}.id }}",
            "      name: { type: TEXT, not_null: true }",
            "      score: { type: REAL, not_null: true, default: 0 }",
            "      status: { type: TEXT, not_null: true, default: active, check: \"status IN ('active', 'archived')\" }",
            "      created_at: { type: TEXT, default_sql: CURRENT_TIMESTAMP }",
        ]
        if extra:
            lines.append(f"      {extra}")
        lines += ["    indexes:", f"      t{index}_by_name: [name]"]
    return "\n".join(lines) + "\n"


def items_yaml(name_type, not_null=False):
    return f"""version: 1.0.0
tables:
  items:
    columns:
      id:      {{ type: INTEGER, primary_key: true }}
      name:    {{ type: {name_type}, not_null: {'true' if not_null else 'false'} }}
      score:   REAL
      payload: BLOB
    indexes:
      items_by_name: [name]
"""


def median_time(runs, setup, body):
    times = []
    for _ in range(runs):
        value = setup()
        start = time.perf_counter()
        body(value)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def run_reconcile(binary, folder, database):
    subprocess.run([binary, "--schema", str(folder / "schema.yaml"), "--database", str(database)],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def alembic_metadata(count):
    from sqlalchemy import (CheckConstraint, Column, ForeignKey, Index, Integer, MetaData, REAL, Table, Text,
                            text)
    metadata = MetaData()
    for index in range(count):
        parent = "t0" if index == 0 else f"t{index - 1}"
        Table(f"t{index}", metadata,
              Column("id", Integer, primary_key=True),
              Column("parent_id", Integer, ForeignKey(f"{parent}.id")),
              Column("name", Text, nullable=False),
              Column("score", REAL, nullable=False, server_default=text("0")),
              Column("status", Text, CheckConstraint("status IN ('active', 'archived')"), nullable=False,
                     server_default=text("'active'")),
              Column("created_at", Text, server_default=text("CURRENT_TIMESTAMP")),
              Column("extra", Text),
              Index(f"t{index}_by_name", "name"))
    return metadata


def plan_figure(binary, work, count, runs):
    folder = work / f"plan{count}"
    folder.mkdir()
    database = folder / "app.sqlite"
    (folder / "schema.yaml").write_text(tables_yaml(count))
    run_reconcile(binary, folder, database)
    (folder / "schema.yaml").write_text(tables_yaml(count, "1.1.0", "extra: TEXT"))

    ours = median_time(runs, lambda: None, lambda _: subprocess.run(
        [binary, "--dry-run", "--schema", str(folder / "schema.yaml"), "--database", str(database)],
        check=True, stdout=subprocess.DEVNULL))

    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext
    from sqlalchemy import create_engine
    metadata = alembic_metadata(count)

    def alembic(_):
        engine = create_engine(f"sqlite:///{database}")
        with engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), metadata)
            assert any(d[0] == "add_column" for d in differences), "Alembic found no added column"
        engine.dispose()

    peer = median_time(runs, lambda: None, alembic)
    return f"dry run, {count} tables each gaining a column", ours, "Alembic compare_metadata", peer


def large_fixture(binary, work, rows):
    folder = work / "large"
    folder.mkdir()
    source = folder / "items.sqlite"
    (folder / "schema.yaml").write_text(items_yaml("TEXT"))
    run_reconcile(binary, folder, source)
    connection = sqlite3.connect(source)
    connection.executemany("INSERT INTO items (id, name, score, payload) VALUES (?, ?, ?, ?)",
                           ((i, f"item {i}", i / 7, i.to_bytes(8, "little") + bytes(range(8, 32)))
                            for i in range(1, rows + 1)))
    connection.commit()
    connection.close()
    return folder, source


def large_figure(binary, folder, source, what, schema, transform, runs):
    work = folder / "work.sqlite"

    def fresh():
        for suffix in ("", "-journal", "-wal", "-shm"):
            Path(str(work) + suffix).unlink(missing_ok=True)
        shutil.copyfile(source, work)
        return work

    (folder / "schema.yaml").write_text(schema)
    ours = median_time(runs, fresh, lambda path: run_reconcile(binary, folder, path))

    import sqlite_utils

    def peer(path):
        database = sqlite_utils.Database(str(path))
        transform(database["items"])
        database.close()

    theirs = median_time(runs, fresh, peer)
    return what, ours, "sqlite-utils transform", theirs


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default=".build/release/reconcile")
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--rows", type=int, default=1_000_000)
    options = parser.parse_args()
    binary = str(Path(options.bin).resolve())

    with tempfile.TemporaryDirectory() as directory:
        work = Path(directory)
        figures = [plan_figure(binary, work, options.tables // 10, 11),
                   plan_figure(binary, work, options.tables, 5)]
        folder, source = large_fixture(binary, work, options.rows)
        figures.append(large_figure(binary, folder, source, f"NOT NULL added, {options.rows} rows (data fits)",
                                    items_yaml("TEXT", not_null=True),
                                    lambda table: table.transform(not_null={"name"}), 3))
        figures.append(large_figure(binary, folder, source, f"affinity change, {options.rows} rows",
                                    items_yaml("BLOB"), lambda table: table.transform(types={"name": bytes}), 3))
    for what, ours, peer_name, theirs in figures:
        print(f"{what}: reconcile {ours * 1000:.1f} ms vs {peer_name} {theirs * 1000:.1f} ms = {ours / theirs:.2f}×")


if __name__ == "__main__":
    main()
