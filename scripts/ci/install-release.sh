#!/usr/bin/env bash
# The install step of the GitHub action (action.yml, input `version`): downloads the released
# Debian package warplint_<version>_amd64.deb and the release's SHA256SUMS, checks the package's
# SHA-256 (against WARPLINT_SHA256 when given, which pins it; else against SHA256SUMS), installs
# it with its dependencies, and puts WARPLINT=<prefix>/bin/warplint into $GITHUB_ENV.
# The package is built for Debian bookworm (LLVM 22 from bookworm-security): run the job in a
# debian:bookworm container (docs/releasing.md).
#
# Environment:
#   WARPLINT_VERSION      the release, e.g. 0.1.0 (a leading v is dropped)
#   WARPLINT_RELEASE_URL  where releases are, without the tag (default: the releases of
#                         $WARPLINT_ACTION_REPOSITORY on GitHub, the repository the action
#                         was used from); file:// works too
#   WARPLINT_SHA256       the package's expected SHA-256 (optional; recommended)
#   WARPLINT_DEB_INSTALL  the command that installs the package, given its path (default:
#                         apt-get install -y --no-install-recommends, with sudo when not root)
#   WARPLINT_INSTALL_PREFIX  where the package puts bin/warplint (default /usr)
# Exit status: 0 installed; 1 download failed, checksum mismatch or installation failed.
set -euo pipefail

version=${WARPLINT_VERSION#v}
if ! [[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.-]+)?$ ]]; then
  echo "::error title=warplint::version '$WARPLINT_VERSION' is not a release version like 0.1.0"
  exit 1
fi
if [ -n "${WARPLINT_RELEASE_URL:-}" ]; then
  base=$WARPLINT_RELEASE_URL
elif [ -n "${WARPLINT_ACTION_REPOSITORY:-}" ]; then
  base=https://github.com/$WARPLINT_ACTION_REPOSITORY/releases/download
else
  echo "::error title=warplint::no release to download from: the action's repository is unknown (a local action); give release-url"
  exit 1
fi
deb=warplint_${version}_amd64.deb
dir=$(mktemp -d "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/warplint-release.XXXXXX")
sudo=""
if [ "$(id -u)" != 0 ] && command -v sudo > /dev/null; then sudo=sudo; fi

fetch() { # URL FILE
  if command -v curl > /dev/null; then
    curl -fsSL --retry 3 -o "$2" "$1"
  elif command -v wget > /dev/null; then
    wget -q -O "$2" "$1"
  elif command -v python3 > /dev/null; then
    python3 -c 'import shutil, sys, urllib.request
with urllib.request.urlopen(sys.argv[1], timeout=60) as r, open(sys.argv[2], "wb") as f:
    shutil.copyfileobj(r, f)' "$1" "$2" 2> /dev/null
  else
    # A bare debian:bookworm container has neither: install curl (apt is there anyway).
    $sudo apt-get update -qq && $sudo apt-get install -y -qq --no-install-recommends curl ca-certificates > /dev/null
    curl -fsSL --retry 3 -o "$2" "$1"
  fi
}

url=$base/v$version
if ! fetch "$url/$deb" "$dir/$deb"; then
  echo "::error title=warplint::cannot download $url/$deb (is v$version released with its .deb?)"
  exit 1
fi
want=${WARPLINT_SHA256:-}
if [ -z "$want" ]; then
  if ! fetch "$url/SHA256SUMS" "$dir/SHA256SUMS"; then
    echo "::error title=warplint::cannot download $url/SHA256SUMS to check $deb"
    exit 1
  fi
  want=$(awk -v f="$deb" '$2 == f || $2 == "*" f { print $1 }' "$dir/SHA256SUMS")
  if [ -z "$want" ]; then
    echo "::error title=warplint::SHA256SUMS of v$version has no line for $deb"
    exit 1
  fi
fi
got=$(sha256sum "$dir/$deb" | cut -d' ' -f1)
if [ "$got" != "${want,,}" ]; then
  echo "::error title=warplint::checksum mismatch for $deb: expected $want, got $got; not installed"
  exit 1
fi
echo "warplint: $deb verified (sha256 $got)"
if [ -n "${WARPLINT_DEB_INSTALL:-}" ]; then
  # shellcheck disable=SC2086 # a command with its options
  $WARPLINT_DEB_INSTALL "$dir/$deb"
else
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$dir/$deb" > /dev/null
fi
prefix=${WARPLINT_INSTALL_PREFIX:-/usr}
"$prefix/bin/warplint" --version | head -1
echo "WARPLINT=$prefix/bin/warplint" >> "${GITHUB_ENV:-/dev/null}"
