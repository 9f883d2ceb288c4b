-- Each record keeps the rule set it was written under (`rules`): 1 for a record an earlier
-- chronicle wrote, which replays with the rules that shape the board where it broke a rule
-- that chronicle held only for new entries; 2 for a record written from this version on,
-- held to every rule on every replay. Every record already in the file was written by an
-- earlier chronicle.
--
-- A player knocked out at the end of a game is recorded as such (`knocked-out`) and counted
-- as eliminated: `seat.result` takes the new value. SQLite cannot change a CHECK in place,
-- so the table is made again with its rows.

ALTER TABLE entry ADD COLUMN rules INTEGER NOT NULL DEFAULT 1 CHECK (rules >= 1);

CREATE TABLE seat_v8 (
    entry_id  INTEGER NOT NULL REFERENCES entry (id) ON DELETE CASCADE,
    position  INTEGER NOT NULL CHECK (position BETWEEN 1 AND 5),
    person    TEXT NOT NULL,
    faction   TEXT NOT NULL,
    result    TEXT NOT NULL CHECK (result IN ('won', 'held-on', 'eliminated', 'knocked-out')),
    hq        TEXT,
    PRIMARY KEY (entry_id, position)
) WITHOUT ROWID;

INSERT INTO seat_v8 (entry_id, position, person, faction, result, hq)
    SELECT entry_id, position, person, faction, result, hq FROM seat;

DROP TABLE seat;

ALTER TABLE seat_v8 RENAME TO seat;
