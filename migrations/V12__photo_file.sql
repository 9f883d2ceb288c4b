-- The images of photos of games, by the SHA-256 of their bytes: kept once however many
-- photos (of however many campaigns) name them. A photo is an entry of the log (kind
-- 'photo': a change row 'photo' with its game and who took it, then one 'photo_file' row
-- per image it names: the hash as name, the media type as text, the size as amount; the
-- caption in the entry's note); this table holds the bytes, which may arrive later than
-- the entry on a device that syncs (a photo "not here yet").

CREATE TABLE photo_file (
    sha256      TEXT PRIMARY KEY CHECK (length(sha256) = 64),
    media_type  TEXT NOT NULL CHECK (media_type IN ('image/jpeg', 'image/png', 'image/webp')),
    bytes       BLOB NOT NULL
);
