-- The world after each game of a campaign, kept beside its checkpoint so that `--after N`
-- reads one state instead of folding the log up to game N. Derived data, never a source,
-- like the checkpoint (V5__checkpoint.sql): chronicle writes it in the same transaction as
-- each write to the log.
--
--   campaign_id   the campaign
--   game          N: the world after game N, with what was recorded before game N+1
--                 (0: before game 1); kept for each game played but the latest (the
--                 world after the latest is the checkpoint), for N from 0 to 99
--   state         that world, as JSON (the checkpoint's form)
--
-- A row here is read only while the campaign's checkpoint is current (made by this build
-- with the latest record): every write by chronicle keeps both, and a change made otherwise
-- drops or outdates the checkpoint, which sets these rows aside until chronicle writes the
-- campaign again and makes them anew. `chronicle check` compares each with a fold of the log.
--
-- The checkpoints made before this version are dropped: `chronicle upgrade`, or the next
-- write to each campaign, makes its checkpoint and these rows together (until then its
-- board is folded from the log).

CREATE TABLE game_checkpoint (
    campaign_id  INTEGER NOT NULL REFERENCES campaign (id) ON DELETE CASCADE,
    game         INTEGER NOT NULL,
    state        TEXT NOT NULL,
    PRIMARY KEY (campaign_id, game)
);

DELETE FROM checkpoint;
