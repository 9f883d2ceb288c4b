#!/bin/sh
# The kill harnesses of sync at their full counts (CI runs small ones):
#   - `sync` killed at random moments (CHRONICLE_SYNC_KILLS, 30 in CI);
#   - `sync --git` killed before and after each git command, for a sync sending a game out,
#     one bringing a game in and one finding a fork (CI: the first kind only);
#   - the property test of restores, copies, deletions and skewed clocks (16 cases in CI).
# Run from the repository: sh benches/sync_kills.sh
set -eu
CHRONICLE_SYNC_KILLS=${CHRONICLE_SYNC_KILLS:-200} \
CHRONICLE_GIT_KILLS=all \
CHRONICLE_RESTORE_CASES=${CHRONICLE_RESTORE_CASES:-128} \
    cargo test --release --test main -- sync_crash:: sync_git_crash:: sync_restores:: --nocapture
