-- Every entry of the log becomes a record with a stable identity (`uid`, a UUID) that
-- survives export, import and exchange between devices, and corrections are records of
-- their own: an entry taken back, a game replaced, a person renamed or merged, the campaign
-- renamed. Nothing is rewritten: the log as corrected is worked out from every record.
--
-- Columns of `entry` from this version on:
--   uid          the record's identity
--   kind         for a record that adds an entry (or replaces one), the entry's kind
--                (game, power, coins, pool, scar_type, faction, packet, faction_mark,
--                faction_scar, world_name); for a correction, its kind
--   correction   NULL for a record that adds an entry; 'replace', 'take_back', 'join',
--                'rename_person', 'merge_person' or 'rename_campaign'
--   target       the uid of the record a correction acts on (replace, take_back)
--   before       the uid of the entry this one stands before (NULL: at the end)
--   parent       the uid of the last record when this one was written
--   device, device_seq   the device that wrote it and its number there (sync)
--   reason       why a correction was made
--   game, undone_at, undo_reason   worked out from the records and rebuilt with every
--                write, for people who read the file with sqlite3: the game's number in
--                the log as corrected, and when and why the record was taken back
-- A rename or merge keeps its names in one change row (person: from, name: to); a campaign
-- rename likewise (text: from, name: to); a join (a fork resolved by `sync resolve`) one
-- row per tip it joins (text: the tip's uid, amount: 1 kept, 0 set aside).
--
-- A campaign gets its own identity (`uid`), shared by every device that syncs it, and
-- `head`: the uid of the record its log ends at on this device (NULL: the last written).

CREATE TABLE entry_v4 (
    id           INTEGER PRIMARY KEY,
    campaign_id  INTEGER NOT NULL REFERENCES campaign (id) ON DELETE CASCADE,
    seq          INTEGER NOT NULL CHECK (seq >= 1),
    uid          TEXT NOT NULL,
    kind         TEXT NOT NULL,
    correction   TEXT CHECK (correction IN ('replace', 'take_back', 'rename_person', 'merge_person', 'rename_campaign', 'join')),
    target       TEXT,
    before       TEXT,
    parent       TEXT,
    device       TEXT,
    device_seq   INTEGER,
    reason       TEXT,
    game         INTEGER CHECK (game >= 1),
    date         TEXT,
    note         TEXT,
    recorded_at  TEXT NOT NULL,
    undone_at    TEXT,
    undo_reason  TEXT,
    UNIQUE (campaign_id, seq),
    UNIQUE (campaign_id, uid)
);

-- A UUID (random, version 4) for every record written before identities existed.
INSERT INTO entry_v4 (id, campaign_id, seq, uid, kind, game, date, note, recorded_at, undone_at, undo_reason)
SELECT id, campaign_id, seq,
       lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4'
         || substr(lower(hex(randomblob(2))), 2) || '-'
         || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(lower(hex(randomblob(2))), 2)
         || '-' || lower(hex(randomblob(6))),
       kind, game, date, note, recorded_at, undone_at, undo_reason
FROM entry;

-- Each game an earlier chronicle marked as taken back gets the record that takes it back,
-- after every other record of its campaign, written when it was taken back and saying why.
INSERT INTO entry_v4 (campaign_id, seq, uid, kind, correction, target, reason, recorded_at)
SELECT e.campaign_id,
       (SELECT MAX(m.seq) FROM entry m WHERE m.campaign_id = e.campaign_id)
         + ROW_NUMBER() OVER (PARTITION BY e.campaign_id ORDER BY e.seq),
       lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4'
         || substr(lower(hex(randomblob(2))), 2) || '-'
         || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(lower(hex(randomblob(2))), 2)
         || '-' || lower(hex(randomblob(6))),
       'take_back', 'take_back', v.uid, e.undo_reason, e.undone_at
FROM entry e JOIN entry_v4 v ON v.id = e.id
WHERE e.undone_at IS NOT NULL;

-- Each record follows the one written before it.
UPDATE entry_v4 SET parent = (
    SELECT p.uid FROM entry_v4 p
    WHERE p.campaign_id = entry_v4.campaign_id AND p.seq = entry_v4.seq - 1
);

ALTER TABLE campaign ADD COLUMN uid TEXT;
ALTER TABLE campaign ADD COLUMN head TEXT;
UPDATE campaign SET uid =
       lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4'
         || substr(lower(hex(randomblob(2))), 2) || '-'
         || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(lower(hex(randomblob(2))), 2)
         || '-' || lower(hex(randomblob(6)));
CREATE UNIQUE INDEX campaign_uid ON campaign (uid);

DROP INDEX IF EXISTS entry_game;
DROP TABLE entry;
ALTER TABLE entry_v4 RENAME TO entry;
CREATE INDEX entry_target ON entry (campaign_id, target) WHERE target IS NOT NULL;
