#!/usr/bin/env bash
# Installs the Debian packages the tests use when they are missing (root only); otherwise says what to run.
set -euo pipefail
missing=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
command -v mariadbd >/dev/null 2>&1 || [ -x /usr/sbin/mariadbd ] || missing+=(mariadb-server)
command -v php >/dev/null 2>&1 || missing+=(php-cli)
php -m 2>/dev/null | grep -qi mysqli || missing+=(php-mysql)
php -m 2>/dev/null | grep -qi '^gd$' || missing+=(php-gd)
[ -d /usr/share/wordpress ] || missing+=(wordpress)
# A club site runs in French: WordPress then types « » quotes (wptexturize), which the build must read (issue 30).
[ -d /usr/share/wordpress/wp-content/languages ] || missing+=(wordpress-l10n)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "Missing Debian packages for the tests. Run: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "Installing Debian packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
