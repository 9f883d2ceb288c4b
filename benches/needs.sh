# Sourced by the scripts beside it. `needs SCRIPT PROGRAM...` ends the script, saying what to
# install, when a program it runs is missing; the scripts install nothing themselves.
# PROGRAM is a command's name, or `time` for GNU time (/usr/bin/time, not the shell's).
needs() {
  local script=$1 missing=() names=()
  shift
  for program in "$@"; do
    if [ "$program" = time ]; then
      names+=("GNU time")
      [ -x /usr/bin/time ] || missing+=(time)
    else
      names+=("$program")
      command -v "$program" >/dev/null 2>&1 || missing+=("$program")
    fi
  done
  [ ${#missing[@]} = 0 ] && return 0
  local listed=${names[0]} i
  for ((i = 1; i < ${#names[@]}; i++)); do
    if ((i == ${#names[@]} - 1)); then listed+=" and ${names[i]}"; else listed+=", ${names[i]}"; fi
  done
  echo "$script needs $listed (missing: ${missing[*]}): apt-get install ${missing[*]}" >&2
  exit 2
}

# The shipped binary, built with the plain release profile on its own: built together with an
# example, it would also get the features that the dev-dependencies turn on.
build_chronicle() {
  cargo build --release --quiet --bin chronicle
}
