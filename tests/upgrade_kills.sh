#!/usr/bin/env bash
# The full count of the crash tests of `upgrade`: an earlier chronicle's file (the fixtures of
# schema versions 1 and 2) upgraded by a process killed with SIGKILL at random moments, KILLS
# times (400 by default; `cargo test` kills 40), then a read, `upgrade` and `check` after
# each kill; and the upgrade killed inside each migration. Prints what the kills left (how
# many before anything was written, with a hot journal, with WAL set, upgraded) and fails
# on any broken state. See docs/reliability.md.
#
#   tests/upgrade_kills.sh            KILLS=1000 tests/upgrade_kills.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export CHRONICLE_UPGRADE_KILLS=${KILLS:-400}
cargo test --test main -- --exact \
    reliability::an_upgrade_killed_at_random_moments_is_finished_by_the_next_command \
    reliability::an_upgrade_killed_inside_each_migration_is_finished_by_the_next_command \
    --nocapture
