-- A checkpoint of each campaign: its state as folded from its log, kept so that reading the
-- board now need not fold the whole log again. It is derived data, never a source: chronicle
-- writes it in the same transaction as each write to the log, and drops it whenever the log
-- changes otherwise.
--
--   campaign_id   the campaign
--   fold          which fold made it (a hash of chronicle's rules and board, at build time):
--                 a checkpoint another build made is not read, the log is folded instead
--   state         the folded state, as JSON
--   seq           the highest `seq` of the campaign's records when it was made: a record
--                 added since (its `seq` is higher) makes it stale, and it is not read
--
-- Any other change to a campaign's records (an entry edited or deleted, its head moved, a
-- player or change of an entry edited or deleted, with sqlite3 too) drops its checkpoint,
-- by the triggers below. Rows added are told by `seq` rather than by a trigger on every
-- row (which cost a third of writing a league's log): an entry added has a higher `seq`,
-- and a player or change is only ever added with its entry. `chronicle check` compares a
-- checkpoint with a fresh fold of the log, which also finds a row added behind chronicle's
-- back to an entry already there.

CREATE TABLE checkpoint (
    campaign_id  INTEGER PRIMARY KEY REFERENCES campaign (id) ON DELETE CASCADE,
    fold         TEXT NOT NULL,
    state        TEXT NOT NULL,
    seq          INTEGER NOT NULL
);

CREATE TRIGGER checkpoint_dropped_by_entry_edited AFTER UPDATE ON entry BEGIN
    DELETE FROM checkpoint WHERE campaign_id IN (OLD.campaign_id, NEW.campaign_id);
END;

CREATE TRIGGER checkpoint_dropped_by_entry_deleted AFTER DELETE ON entry BEGIN
    DELETE FROM checkpoint WHERE campaign_id = OLD.campaign_id;
END;

CREATE TRIGGER checkpoint_dropped_by_head_moved AFTER UPDATE OF head ON campaign
WHEN OLD.head IS NOT NEW.head BEGIN
    DELETE FROM checkpoint WHERE campaign_id = NEW.id;
END;

CREATE TRIGGER checkpoint_dropped_by_seat_edited AFTER UPDATE ON seat BEGIN
    DELETE FROM checkpoint WHERE campaign_id IN
        (SELECT campaign_id FROM entry WHERE id IN (OLD.entry_id, NEW.entry_id));
END;

CREATE TRIGGER checkpoint_dropped_by_seat_deleted AFTER DELETE ON seat BEGIN
    DELETE FROM checkpoint
    WHERE campaign_id = (SELECT campaign_id FROM entry WHERE id = OLD.entry_id);
END;

CREATE TRIGGER checkpoint_dropped_by_change_edited AFTER UPDATE ON change BEGIN
    DELETE FROM checkpoint WHERE campaign_id IN
        (SELECT campaign_id FROM entry WHERE id IN (OLD.entry_id, NEW.entry_id));
END;

CREATE TRIGGER checkpoint_dropped_by_change_deleted AFTER DELETE ON change BEGIN
    DELETE FROM checkpoint
    WHERE campaign_id = (SELECT campaign_id FROM entry WHERE id = OLD.entry_id);
END;
