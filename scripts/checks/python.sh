#!/usr/bin/env bash
# The Python package: its abi3 wheel (maturin, scripts/checks/lib/wheel.sh) installed into a
# virtual environment this script creates (.venv-python, with pyarrow, DuckDB, Polars, PySpark
# and pytest from the registry), then pytest: every function against the CLI on the real
# lists, the python.* flavors against the real urllib.parse, errors and offsets, the Arrow
# bulk path (zero-copy, nulls, chunked arrays), and DuckDB, Polars and a local[2] Spark
# session against the CLI.
set -euo pipefail
cd "$(dirname "$0")/../.."

command -v java >/dev/null 2>&1 || { echo "python.sh: Spark needs Java (scripts/test.sh installs it)" >&2; exit 2; }
venv=.venv-python
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install -q --disable-pip-version-check \
  'maturin>=1.16,<2' 'pyarrow>=14' 'duckdb>=1.1' 'polars>=1.0' 'pyspark>=4.1' 'pandas<3' pytest
# The abi3 wheel, built once into target/wheels (release.sh installs the same file into a
# fresh environment with --no-index).
. scripts/checks/lib/wheel.sh
"$venv/bin/pip" install -q --disable-pip-version-check --force-reinstall --no-deps "$WHEEL"

cargo build -q --locked -p urlkit-cli
export URLKIT_BIN="${CARGO_TARGET_DIR:-$PWD/target}/debug/urlkit"
export PYSPARK_PYTHON="$PWD/$venv/bin/python" PYSPARK_DRIVER_PYTHON="$PWD/$venv/bin/python"
export SPARK_LOCAL_IP=127.0.0.1
# From outside the source tree, so that `import urlkit` is the installed wheel.
cd python/tests
"../../$venv/bin/python" -c "import urlkit; print(urlkit.key('https://example.com/%e9%81%8b%e5%96%b6/') == urlkit.key('https://example.com/運営/'))" | grep -qx True
"../../$venv/bin/python" -m pytest -q -p no:cacheprovider .
