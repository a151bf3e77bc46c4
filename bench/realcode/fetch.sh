#!/bin/sh
# fetch.sh SRCROOT: checks out every project of programs.tsv at its recorded commit, one folder
# per project (the first column), as measure.sh and score.py expect. Files over 2 MB (data sets,
# images) are left out: no program of the list reads one.
set -eu
top=$1
here=$(dirname "$0")
mkdir -p "$top"
tail -n +2 "$here/programs.tsv" | cut -f1-3 | sort -u | while IFS="$(printf '\t')" read -r project repo commit; do
  if [ ! -d "$top/$project/.git" ]; then
    git clone -q --filter=blob:limit=2m --no-checkout "https://github.com/$repo" "$top/$project"
  fi
  git -C "$top/$project" -c advice.detachedHead=false checkout -q "$commit"
done
