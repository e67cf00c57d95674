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


def by_span(findings: list[dict]) -> list[dict]:
    """Findings in span order (then by code): the order a URL's record gives them in."""
    return sorted(findings, key=lambda f: (f["span"]["start"], f["span"]["end"], f["code"]))


def merge_list_scope(streamed: list[dict], lines: int) -> list[dict]:
    """`urlkit lint --json` streams each line's own record, then the list rules' findings
    (mixed-forms, trailing-slash-mixed) as records marked ``"scope": "list"`` naming a line
    already answered; the library and the API give one record per URL with all its findings.
    Merged by line (each list record checked against the line it names), the CLI's answer is
    one record per input line, its findings in span order."""
    own = [r for r in streamed if "scope" not in r]
    assert len(own) == lines, "the CLI writes one record per input line (before the list records)"
    for r in streamed:
        if "scope" in r:
            assert r["scope"] == "list", r
            assert 1 <= r["line"] <= lines, r
            mine = own[r["line"] - 1]
            assert mine["input"] == r["input"], (mine, r)
            assert r["findings"], r
            mine["findings"] = by_span(mine["findings"] + r["findings"])
    return own


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
