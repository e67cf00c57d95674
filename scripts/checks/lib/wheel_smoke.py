"""The installed wheel works on its own: run with the interpreter of a fresh virtual
environment that has only the wheel (`pip install --no-index`), from outside the source tree.
The package's own examples (its docstring) run, and each kind of call answers: no optional
dependency (pyarrow and the engines are extras) is needed for them."""

import doctest
import pathlib
import sys

import urlkit

where = pathlib.Path(urlkit.__file__).resolve()
assert "site-packages" in where.parts, f"urlkit was imported from {where}, not from the installed wheel"
# The extension module is the abi3 one (one wheel for every CPython >= 3.9).
native = pathlib.Path(urlkit._urlkit.__file__).name
assert native.endswith(".abi3.so") or native.endswith(".pyd"), native

result = doctest.testmod(urlkit, verbose=False)
assert result.attempted >= 6 and result.failed == 0, result

assert urlkit.encode("a b") == "a%20b"
assert urlkit.decode("%e9%81%8b%e5%96%b6") == "運営"
assert urlkit.keys(["https://example.com/%e9%81%8b/", "https://example.com/運/", None]) == [
    "https://example.com/%E9%81%8B/", "https://example.com/%E9%81%8B/", None]
report = urlkit.reconcile(["https://example.com/a", "https://example.com/%E9%81%8B", "https://example.com/gone"],
                          ["https://example.com/a", "https://example.com/運"])
assert [m["url"] for m in report["missing"]] == ["https://example.com/gone"], report["missing"]
assert report["summary"]["matched"] == 2, report["summary"]
print(f"wheel smoke test: {result.attempted} docstring examples and 4 calls passed "
      f"with Python {sys.version.split()[0]} from {where.parent}")
