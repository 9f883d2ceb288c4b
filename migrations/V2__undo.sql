-- `chronicle game undo` takes back the latest game: its entry stays in the log, marked as
-- taken back (when, and why), and the board is folded from the entries not taken back.
ALTER TABLE entry ADD COLUMN undone_at TEXT;
ALTER TABLE entry ADD COLUMN undo_reason TEXT;

-- A game number is unique among the games that stand; one taken back may be logged again.
DROP INDEX entry_game;
CREATE UNIQUE INDEX entry_game ON entry (campaign_id, game) WHERE game IS NOT NULL AND undone_at IS NULL;
