-- sync from version 1.0.0 to 2.0.0
-- warning: the launch is estimated at 121 seconds, over its budget of 1.5 seconds, for work that cannot wait: table events

-- foreign key enforcement off, or dropping the old table would delete the rows that reference it (the sync turns it back on afterwards when the connection had it on)
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;

-- rebuild table events (copies 2000 rows): column amount: type INTEGER → TEXT (about 121 seconds)
-- hazard copies-rows: copies 2000 rows of table events
CREATE TABLE "_reconciler_new_events" (
  "id" INTEGER PRIMARY KEY,
  "name" TEXT NOT NULL,
  "amount" TEXT
);
INSERT OR ABORT INTO "_reconciler_new_events" ("id", "name", "amount") SELECT "id", "name", "amount" FROM "events";
DROP TABLE "events";
PRAGMA legacy_alter_table = ON;
ALTER TABLE "_reconciler_new_events" RENAME TO "events";
PRAGMA legacy_alter_table = OFF;

-- add column tags.colour (native ALTER) (about 0 seconds)
ALTER TABLE "tags" ADD COLUMN "colour" TEXT;

-- then check foreign keys in events and the resulting schema, and record version 2.0.0 in _reconciler_state
COMMIT;

-- launch budget 1.5 seconds: what runs at launch is estimated at about 121 seconds, over the budget; what cannot wait runs all the same
-- copied at launch all the same:
--   table events is copied now, for what the app needs at once and ALTER TABLE cannot make in place: table events: column amount: type INTEGER → TEXT
