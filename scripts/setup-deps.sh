#!/usr/bin/env bash
# Installs the Debian packages simulee-c needs to build and test, if missing.
set -euo pipefail
pkgs="build-essential autoconf automake pkg-config llvm-19 llvm-19-dev libzstd-dev clang-19 libcjson-dev check python3 python3-jsonschema libclang-rt-19-dev libomp-19-dev parallel"
missing=""
for p in $pkgs; do
	dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
if [ -n "$missing" ]; then
	echo "installing:$missing"
	SUDO=""
	[ "$(id -u)" -eq 0 ] || SUDO=sudo
	$SUDO apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
fi
