-- sync from version 1.0.0 to 1.1.0

-- foreign key enforcement off, or dropping the old table would delete the rows that reference it (the sync turns it back on afterwards when the connection had it on)
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;

-- create table loans
CREATE TABLE "loans" (
  "id" INTEGER PRIMARY KEY,
  "book_id" INTEGER NOT NULL REFERENCES "books" ("id"),
  "lent_on" DATE NOT NULL
);
CREATE INDEX "loans_by_book" ON "loans" ("book_id");

-- add column authors.born_on (native ALTER)
ALTER TABLE "authors" ADD COLUMN "born_on" DATE;

-- hazard runs-upgrades: runs 1 upgrade
-- upgrade 1.1.0: run the script upgrades/1.1.0-born-on.sql

-- rebuild table books (copies 2 rows): column isbn: type INTEGER → TEXT; UNIQUE (isbn) added; drop columns notes
-- hazard drops-data: drops column books.notes with the data of 2 rows
-- hazard copies-rows: copies 2 rows of table books
-- hazard scans-rows: scans 2 rows of table books
-- (first checks that no row violates UNIQUE (isbn))
CREATE TABLE "_reconciler_new_books" (
  "id" INTEGER PRIMARY KEY,
  "author_id" INTEGER NOT NULL REFERENCES "authors" ("id") ON DELETE CASCADE,
  "title" TEXT NOT NULL,
  "isbn" TEXT UNIQUE
);
INSERT OR ABORT INTO "_reconciler_new_books" ("id", "author_id", "title", "isbn") SELECT "id", "author_id", "title", "isbn" FROM "books";
DROP TABLE "books";
PRAGMA legacy_alter_table = ON;
ALTER TABLE "_reconciler_new_books" RENAME TO "books";
PRAGMA legacy_alter_table = OFF;

-- create view titles_by_author
CREATE VIEW "titles_by_author" AS SELECT authors.name AS author, books.title FROM books JOIN authors ON authors.id = books.author_id;

-- then check foreign keys in books, loans, authors and the resulting schema, and record version 1.1.0 in _reconciler_state
COMMIT;
