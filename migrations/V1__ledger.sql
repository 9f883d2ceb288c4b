-- chronicle's ledger: the ordered log of each campaign is the source of truth. The board is
-- that log folded through the rules; nothing here is edited on its own.
-- Names are stored as printed (territories, continents, factions) or as the group typed them
-- (people, cities, given names). Dates of games are YYYY-MM-DD; times are RFC 3339 in UTC.

-- The campaigns kept in this file.
CREATE TABLE campaign (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    -- the name lowercased, so two campaigns never differ by case alone
    name_key    TEXT NOT NULL UNIQUE,
    -- 1 for the sample campaign built by `chronicle demo`, which it may replace
    demo        INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1)),
    created_at  TEXT NOT NULL
);

-- Small settings of the file: `current_campaign` holds the id of the campaign last used.
CREATE TABLE setting (
    key    TEXT PRIMARY KEY,
    value  TEXT NOT NULL
);

-- One row per entry of a campaign's log, in order (`seq`): a starting power chosen
-- (`power`), first coins placed (`coins`), a pool capacity corrected (`pool`), or a finished
-- game (`game`, with its number, date and note).
CREATE TABLE entry (
    id           INTEGER PRIMARY KEY,
    campaign_id  INTEGER NOT NULL REFERENCES campaign (id) ON DELETE CASCADE,
    seq          INTEGER NOT NULL CHECK (seq >= 1),
    kind         TEXT NOT NULL,
    game         INTEGER CHECK (game >= 1),
    date         TEXT,
    note         TEXT,
    recorded_at  TEXT NOT NULL,
    UNIQUE (campaign_id, seq),
    CHECK ((kind = 'game') = (game IS NOT NULL AND date IS NOT NULL))
);
CREATE UNIQUE INDEX entry_game ON entry (campaign_id, game) WHERE game IS NOT NULL;

-- The players of a game, in seating order (clockwise from position 1).
CREATE TABLE seat (
    entry_id  INTEGER NOT NULL REFERENCES entry (id) ON DELETE CASCADE,
    position  INTEGER NOT NULL CHECK (position BETWEEN 1 AND 5),
    person    TEXT NOT NULL,
    faction   TEXT NOT NULL,
    result    TEXT NOT NULL CHECK (result IN ('won', 'held-on', 'eliminated')),
    hq        TEXT,
    PRIMARY KEY (entry_id, position)
) WITHOUT ROWID;

-- What an entry changed, in order. Which columns a kind uses:
--   power            faction, name ('a' or 'b')
--   coin             territory
--   pool_capacity    name (pool kind, e.g. 'minor_city'), amount (capacity); reason in entry.note
--   scar             territory, name (scar type)
--   wear             territory, amount (boxes ticked)
--   name_continent   person, continent, name
--   major_city       person, territory, name
--   heal_scar        person, territory
--   continent_bonus  person, continent, amount (+1 or -1)
--   fortify          person, territory
--   destroy_card     person, territory
--   minor_city       person, territory, name
--   add_resource     person, territory
--   packet           name (packet)
CREATE TABLE change (
    entry_id   INTEGER NOT NULL REFERENCES entry (id) ON DELETE CASCADE,
    position   INTEGER NOT NULL CHECK (position >= 1),
    kind       TEXT NOT NULL,
    person     TEXT,
    faction    TEXT,
    territory  TEXT,
    continent  TEXT,
    name       TEXT,
    amount     INTEGER,
    PRIMARY KEY (entry_id, position)
) WITHOUT ROWID;
