-- Records another device wrote that the rules refuse (`sync`): set aside as that device's,
-- never in this device's log nor in its file. `dropped` 0: tried again at every sync (the
-- rows are those of the last sync); 1: dropped for good by `sync resolve --drop DEVICE`,
-- never taken again from any file.

CREATE TABLE set_aside (
    campaign_id  INTEGER NOT NULL REFERENCES campaign (id) ON DELETE CASCADE,
    uid          TEXT NOT NULL,
    device       TEXT NOT NULL,
    -- the entry in words ("game 17, played 2026-05-02") and the rule it breaks
    entry        TEXT NOT NULL,
    rule         TEXT NOT NULL,
    dropped      INTEGER NOT NULL DEFAULT 0 CHECK (dropped IN (0, 1)),
    PRIMARY KEY (campaign_id, uid)
) WITHOUT ROWID;
