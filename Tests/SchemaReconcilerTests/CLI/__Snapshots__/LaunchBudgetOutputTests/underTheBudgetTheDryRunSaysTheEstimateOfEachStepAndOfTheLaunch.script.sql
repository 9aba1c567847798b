-- sync from version 1.0.0 to 2.0.0

BEGIN IMMEDIATE;

-- add column tags.colour (native ALTER) (about 0 seconds)
ALTER TABLE "tags" ADD COLUMN "colour" TEXT;

-- then check the resulting schema, and record version 2.0.0 in _reconciler_state
COMMIT;

-- launch budget 1.5 seconds: what runs at launch is estimated at about 0 seconds
-- deferred until `reconcile finish`, over the launch budget of 1.5 seconds:
--   edit table events in place: CHECK (amount >= 0) added (about 15 seconds)
