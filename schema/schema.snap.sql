-- chronicle's SQLite schema after every migration (generated; see migrations/ for the
-- history and tests/documented.rs for how it is kept in step).

CREATE TABLE campaign (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    -- the name lowercased, so two campaigns never differ by case alone
    name_key    TEXT NOT NULL UNIQUE,
    -- 1 for the sample campaign built by `chronicle demo`, which it may replace
    demo        INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1)),
    created_at  TEXT NOT NULL
, uid TEXT, head TEXT);

CREATE TABLE change (
    entry_id   INTEGER NOT NULL REFERENCES entry (id) ON DELETE CASCADE,
    position   INTEGER NOT NULL CHECK (position >= 1),
    kind       TEXT NOT NULL,
    person     TEXT,
    faction    TEXT,
    territory  TEXT,
    continent  TEXT,
    name       TEXT,
    amount     INTEGER, text TEXT,
    PRIMARY KEY (entry_id, position)
) WITHOUT ROWID;

CREATE TABLE "entry" (
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
    undo_reason  TEXT, rules INTEGER NOT NULL DEFAULT 1 CHECK (rules >= 1), logged_by TEXT,
    UNIQUE (campaign_id, seq),
    UNIQUE (campaign_id, uid)
);

CREATE TABLE photo_file (
    sha256      TEXT PRIMARY KEY CHECK (length(sha256) = 64),
    media_type  TEXT NOT NULL CHECK (media_type IN ('image/jpeg', 'image/png', 'image/webp')),
    bytes       BLOB NOT NULL
);

CREATE TABLE refinery_schema_history(
             version int4 PRIMARY KEY,
             name VARCHAR(255),
             applied_on VARCHAR(255),
             checksum VARCHAR(255));

CREATE TABLE "seat" (
    entry_id  INTEGER NOT NULL REFERENCES entry (id) ON DELETE CASCADE,
    position  INTEGER NOT NULL CHECK (position BETWEEN 1 AND 5),
    person    TEXT NOT NULL,
    faction   TEXT NOT NULL,
    result    TEXT NOT NULL CHECK (result IN ('won', 'held-on', 'eliminated', 'knocked-out')),
    hq        TEXT,
    PRIMARY KEY (entry_id, position)
) WITHOUT ROWID;

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

CREATE TABLE setting (
    key    TEXT PRIMARY KEY,
    value  TEXT NOT NULL
);

CREATE TABLE sync_seen (
    campaign_id  INTEGER NOT NULL REFERENCES campaign (id) ON DELETE CASCADE,
    -- the shared folder (its path resolved), and the device this database synced there as
    folder       TEXT NOT NULL,
    device       TEXT NOT NULL,
    -- the log's state (its last record, head, set-aside and dropped records, identity)
    log          TEXT NOT NULL,
    -- one line a file: "NAME LENGTH:MODIFIED:CHANGED:INODE SHA256"
    files        TEXT NOT NULL,
    -- what that sync said: games played, records its file relays
    games        INTEGER NOT NULL,
    relayed      INTEGER NOT NULL,
    PRIMARY KEY (campaign_id, folder, device)
) WITHOUT ROWID;

CREATE UNIQUE INDEX campaign_uid ON campaign (uid);

CREATE INDEX entry_target ON entry (campaign_id, target) WHERE target IS NOT NULL;
