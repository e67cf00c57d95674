"""Shared helpers: the repository's files and the `urlkit` command to compare against."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
from typing import Iterable

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
URL_LISTS = sorted((REPO / "testdata" / "urls-sample").glob("*.txt"))
LEVELS = ["exact", "safe", "normal", "loose", "whatwg"]


def cli_binary() -> pathlib.Path:
    """The CLI the package must agree with: $URLKIT_BIN, else the workspace's debug build."""
    path = pathlib.Path(os.environ.get("URLKIT_BIN", REPO / "target" / "debug" / "urlkit"))
    if not path.exists():
        raise RuntimeError(f"the urlkit CLI is not built at {path}: run `cargo build -p urlkit-cli` or set URLKIT_BIN")
    return path


def run_cli(args: list[str], lines: Iterable[str]) -> list[dict]:
    """Runs `urlkit ARGS --json` over stdin lines and returns one record per line."""
    text = "".join(line + "\n" for line in lines)
    done = subprocess.run(
        [str(cli_binary()), *args, "--json"], input=text.encode(), capture_output=True, timeout=300
    )
    assert done.returncode in (0, 1), done.stderr.decode(errors="replace")
    # Split on "\n" only: str.splitlines also splits on U+0085 and U+2028, which JSON strings
    # may hold raw.
    return [json.loads(r) for r in done.stdout.decode().split("\n") if r]


def real_lines() -> list[str]:
    """Every line of the real URL lists kept in testdata/urls-sample (with provenance)."""
    assert URL_LISTS, "testdata/urls-sample has no lists"
    out = []
    for path in URL_LISTS:
        out.extend(path.read_text(encoding="utf-8").splitlines())
    return out


@pytest.fixture(scope="session")
def lines() -> list[str]:
    return real_lines()
