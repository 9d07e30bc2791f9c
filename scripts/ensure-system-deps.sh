#!/usr/bin/env bash
# Installs the Debian packages the tests need (Chromium for the browser tests, PostgreSQL for the
# data-layer tests on the second database, nginx for the two-instance test) when they are missing and
# we may install them. No service is started: the tests run their own PostgreSQL and nginx.
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
# pdftotext reads the text of generated PDFs in the report tests.
command -v pdftotext >/dev/null || need+=(poppler-utils)
# nginx is the reverse proxy in front of two app instances (apps/server/test/scale); only its binary is used.
[ -x /usr/sbin/nginx ] || need+=(nginx)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "Missing Debian packages: ${need[*]}. Install them with: sudo apt-get install -y ${need[*]}" >&2
  exit 1
fi
echo "Installing ${need[*]} ..."
export DEBIAN_FRONTEND=noninteractive
# Packages with a service (postgresql, nginx) would start it on a machine that allows it: this
# policy, for the install only, tells them not to (container images usually ship one already).
if [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
  chmod +x /usr/sbin/policy-rc.d
  trap 'rm -f /usr/sbin/policy-rc.d' EXIT
fi
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
