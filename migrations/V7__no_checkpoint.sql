-- The board is always folded from the log: folding a campaign's log takes a fraction of a
-- millisecond, so the checkpoints that kept its state (V5, V6) were derived data to keep in
-- step for no time a person could notice. They and their triggers are dropped; the log is
-- the one source of truth, and `game`, `undone_at` and `undo_reason` of `entry` the only
-- columns derived from it.

DROP TRIGGER checkpoint_dropped_by_entry_edited;
DROP TRIGGER checkpoint_dropped_by_entry_deleted;
DROP TRIGGER checkpoint_dropped_by_head_moved;
DROP TRIGGER checkpoint_dropped_by_seat_edited;
DROP TRIGGER checkpoint_dropped_by_seat_deleted;
DROP TRIGGER checkpoint_dropped_by_change_edited;
DROP TRIGGER checkpoint_dropped_by_change_deleted;
DROP TABLE game_checkpoint;
DROP TABLE checkpoint;
