"""The package gives exactly what the CLI gives, on every line of the real lists."""

from __future__ import annotations

import pytest

import urlkit
from conftest import LEVELS, run_cli


def python_record(fn, line: str) -> tuple:
    try:
        return (True, fn(line))
    except urlkit.UrlError as e:
        return (False, e.kind, e.offset)


def cli_record(r: dict) -> tuple:
    if r["ok"]:
        return (True, r["output"])
    return (False, r["error"]["kind"], r["error"]["offset"])


@pytest.mark.parametrize("level", LEVELS)
def test_key_agrees_with_cli(lines: list[str], level: str) -> None:
    cli = run_cli(["key", "--level", level], lines)
    assert len(cli) == len(lines)
    mismatches = [
        (line, python_record(lambda u: urlkit.key(u, level), line), cli_record(r))
        for line, r in zip(lines, cli)
        if python_record(lambda u: urlkit.key(u, level), line) != cli_record(r)
    ]
    assert not mismatches, mismatches[:5]
    # The bulk path gives the same keys (null where the CLI reports an error).
    bulk = urlkit.keys(lines, level)
    assert bulk == [r["output"] if r["ok"] else None for r in cli]


@pytest.mark.parametrize("to", ["uri", "iri"])
@pytest.mark.parametrize("level", ["safe", "normal", "loose"])
def test_normalize_agrees_with_cli(lines: list[str], level: str, to: str) -> None:
    cli = run_cli(["normalize", "--level", level, "--to", to], lines)
    assert len(cli) == len(lines)
    for line, r in zip(lines, cli):
        assert python_record(lambda u: urlkit.normalize(u, level, to=to), line) == cli_record(r), line
    assert urlkit.normalize_many(lines, level, to=to) == [r["output"] if r["ok"] else None for r in cli]


@pytest.mark.parametrize("level", ["exact", "safe", "normal", "loose"])
def test_compare_verdicts_agree_with_cli(lines: list[str], level: str) -> None:
    # Each line against a respelling of it (lowercase hex, IRI form) and against its neighbour,
    # so that equal and different verdicts both occur.
    pairs = []
    for i, line in enumerate(lines):
        pairs.append((line, line.lower()))
        pairs.append((line, lines[(i + 1) % len(lines)]))
        try:
            pairs.append((line, urlkit.normalize(line, "safe", to="iri")))
        except urlkit.UrlError:
            pass
    pairs = [(a, b) for a, b in pairs if "\t" not in a and "\t" not in b]
    cli = run_cli(["compare", "--level", level], [f"{a}\t{b}" for a, b in pairs])
    assert len(cli) == len(pairs)
    equal_seen = different_seen = 0
    for (a, b), r in zip(pairs, cli):
        try:
            c = urlkit.compare(a, b, level)
        except urlkit.UrlError as e:
            assert not r["ok"], (a, b, e)
            continue
        assert r["ok"], (a, b, r)
        assert c.equal == r["equal"], (a, b)
        assert c.lowest_equal_level == r["lowest_equal_level"], (a, b)
        assert c.rules == r["rules"], (a, b)
        assert c.whatwg_equal == r["whatwg_equal"], (a, b)
        # The whole record, the report in words included (the CLI's input is the tab-separated
        # line, Python's the two URLs as `compare A B` takes them).
        assert c.to_dict() | {"input": r["input"]} == r, (a, b)
        equal_seen += c.equal
        different_seen += not c.equal
    assert equal_seen > 100 and different_seen > 100, (equal_seen, different_seen)


def test_flavors_are_the_cli_records() -> None:
    assert urlkit.flavors() == run_cli(["flavors"], [])
