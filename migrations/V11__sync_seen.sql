-- What the last sync of a campaign with a shared folder left agreeing (`sync`): the folder's
-- files as they were (each one's name, length, times, inode and SHA-256) and this
-- database's log as it was. A sync that finds both as they were brings nothing and writes
-- nothing, so it need not read the files again.

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
