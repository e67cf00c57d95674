# Sourced by python.sh and release.sh: builds the Python package's abi3 wheel once, with
# maturin in the release profile and this workspace's Cargo.lock, into target/wheels, and sets
# WHEEL to its path. maturin runs from .venv-python with that venv's interpreter each time, so
# that a second call finds every crate built (cargo rebuilds nothing; the wheel is repacked in
# seconds) and the file always matches the source tree.
wheel_venv=.venv-python
[ -x "$wheel_venv/bin/python" ] || python3 -m venv "$wheel_venv"
"$wheel_venv/bin/python" -m pip install -q --disable-pip-version-check 'maturin>=1.16,<2'
wheel_dir="${CARGO_TARGET_DIR:-$PWD/target}/wheels"
rm -f "$wheel_dir"/urlkit-*.whl
"$wheel_venv/bin/maturin" build --release --locked -m python/Cargo.toml \
  -i "$wheel_venv/bin/python" --out "$wheel_dir"
WHEEL="$(ls "$wheel_dir"/urlkit-*.whl)"
case "$WHEEL" in
  *-abi3-*) ;;
  *) echo "wheel.sh: $WHEEL is not an abi3 wheel" >&2; exit 1 ;;
esac
