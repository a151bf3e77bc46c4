#!/usr/bin/env bash
# The lint step of the GitHub action (action.yml): lints the CUDA files a pull request or push
# changed, writes annotations (workflow commands, highest priority first) to stdout, a Markdown
# table of every finding to $GITHUB_STEP_SUMMARY, and SARIF for code scanning.
#
# Environment (the action sets it from its inputs; every variable is optional):
#   WARPLINT              the warplint binary (default: warplint on PATH)
#   WARPLINT_FILES        files to lint, whitespace-separated; default: the changed .cu/.cuh files
#   WARPLINT_BASE         the commit to diff against (pull request base or push "before");
#                         empty or all zeros: lint every tracked .cu/.cuh file
#   WARPLINT_BUILD_DIR    directory with compile_commands.json (-p)
#   WARPLINT_ARGS         more warplint options, e.g. "--arch=sm_80 --baseline=warplint-baseline.json"
#   WARPLINT_COMPILE_ARGS compiler arguments for every file (after "--"), when there is no -p
#   WARPLINT_MIN_PRIORITY high|medium|low (default low)
#   WARPLINT_CHANGED_LINES true: report only findings on lines changed since the merge base
#                         with WARPLINT_BASE (warplint --diff)
#   WARPLINT_EXCLUDE      extended regular expression of paths not to lint
#   WARPLINT_JOBS         files analysed in parallel (-j; default: the number of cores)
#   WARPLINT_SARIF        where to write SARIF (default warplint.sarif; empty: none)
#   WARPLINT_HTML         a directory for the HTML report (docs/html-report.md; empty: none)
#   WARPLINT_JSON         where to write the JSON report, for the pull-request comments
#                         (scripts/ci/github_pr.py; empty: none)
# Outputs (to $GITHUB_OUTPUT when set): exit-code, sarif, html, json, files.
# Exit status: 0, even with findings (the action fails afterwards, once SARIF is uploaded);
# 2 or 3 when warplint could not run or parse, as warplint's own exit codes.
set -uo pipefail

warplint=${WARPLINT:-warplint}
sarif=${WARPLINT_SARIF-warplint.sarif}
html=${WARPLINT_HTML:-}
json=${WARPLINT_JSON:-}
summary=${GITHUB_STEP_SUMMARY:-/dev/null}
output=${GITHUB_OUTPUT:-/dev/null}
export GITHUB_WORKSPACE=${GITHUB_WORKSPACE:-$PWD}
cd "$GITHUB_WORKSPACE" || exit 2

files=()
if [ -n "${WARPLINT_FILES:-}" ]; then
  read -r -a files <<< "$WARPLINT_FILES"
else
  base=${WARPLINT_BASE:-}
  if [ -n "$base" ] && [ -z "${base//0/}" ]; then base=""; fi  # a new branch: before = 000...0
  if [ -n "$base" ] && git cat-file -e "$base^{commit}" 2> /dev/null; then
    mapfile -t files < <(git diff --name-only --diff-filter=ACMR "$base...HEAD" -- '*.cu' '*.cuh')
  else
    [ -n "$base" ] && echo "::notice title=warplint::base commit $base is not in the checkout (use fetch-depth: 0); linting every CUDA file"
    mapfile -t files < <(git ls-files -- '*.cu' '*.cuh')
  fi
fi
if [ -n "${WARPLINT_EXCLUDE:-}" ] && [ ${#files[@]} -gt 0 ]; then
  mapfile -t files < <(printf '%s\n' "${files[@]}" | grep -Ev -- "$WARPLINT_EXCLUDE")
fi
echo "files=${#files[@]}" >> "$output"
if [ ${#files[@]} -eq 0 ]; then
  printf '## warplint\n\nNo CUDA files changed.\n' >> "$summary"
  # An empty report still updates an earlier pull-request summary comment.
  if [ -n "$json" ]; then
    printf '{"version": 1, "findings": [], "errors": []}\n' > "$json" && echo "json=$json" >> "$output"
  fi
  echo "exit-code=0" >> "$output"
  exit 0
fi

args=(--min-priority="${WARPLINT_MIN_PRIORITY:-low}" --format=github --quiet)
[ -n "${WARPLINT_BUILD_DIR:-}" ] && args+=(-p "$WARPLINT_BUILD_DIR")
[ -n "$sarif" ] && args+=(--sarif-output="$sarif")
[ -n "$html" ] && args+=(--html-output="$html")
args+=(--github-summary="$summary")
[ -n "$json" ] && args+=(--json-output="$json")
[ -n "${WARPLINT_JOBS:-}" ] && args+=(-j "$WARPLINT_JOBS")
if [ "${WARPLINT_CHANGED_LINES:-false}" = true ]; then
  base=${WARPLINT_BASE:-}
  if [ -n "$base" ] && [ -n "${base//0/}" ] && mb=$(git merge-base "$base" HEAD 2> /dev/null); then
    args+=(--diff "$mb")
  else
    echo "::notice title=warplint::lines-changed-only: no base commit to diff against; reporting every line"
  fi
fi
# shellcheck disable=SC2206 # WARPLINT_ARGS is a list of options, split on purpose
extra=(${WARPLINT_ARGS:-})

# shellcheck disable=SC2206
compile=(${WARPLINT_COMPILE_ARGS:-})
if [ ${#compile[@]} -gt 0 ]; then compile=(-- "${compile[@]}"); fi

# A SARIF file left by an earlier run must not be uploaded as this run's.
[ -n "$sarif" ] && rm -f "$sarif"
[ -n "$html" ] && rm -rf "$html"
[ -n "$json" ] && rm -f "$json"
"$warplint" "${args[@]}" "${extra[@]}" "${files[@]}" "${compile[@]}"
rc=$?
echo "exit-code=$rc" >> "$output"
[ -n "$sarif" ] && [ -f "$sarif" ] && echo "sarif=$sarif" >> "$output"
[ -n "$html" ] && [ -f "$html/index.html" ] && echo "html=$html" >> "$output"
[ -n "$json" ] && [ -f "$json" ] && echo "json=$json" >> "$output"
if [ $rc -ge 2 ]; then exit $rc; fi
exit 0
