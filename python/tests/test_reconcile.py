"""urlkit.reconcile agrees with `urlkit reconcile --json`: on the bundled WordPress example's
sources given as the CLI's specs, and on the real lists respelled, given as Python lists."""

from __future__ import annotations

import json
import re
import subprocess

import pytest

import urlkit
from conftest import REPO, cli_binary

SITE = "examples/wordpress-site"
PAIRS = [
    (f"{SITE}/local-list.csv", f"{SITE}/wp-json"),
    (f"{SITE}/wp-sitemap.xml", f"{SITE}/wp-json"),
    (f"csv:{SITE}/local-list.csv#url", f"text:{SITE}/extra-list.txt"),
    (f"{SITE}/extra-list.txt", f"sitemap:{SITE}/wp-sitemap.xml"),
    (f"wp:{SITE}/wp-json/posts.json", f"{SITE}/local-list.csv#2"),
]


def cli_reconcile(left: str, right: str, level: str) -> list[dict]:
    done = subprocess.run(
        [str(cli_binary()), "reconcile", "--json", "--level", level, left, right],
        capture_output=True,
        timeout=120,
        cwd=REPO,
    )
    assert done.returncode in (0, 1), done.stderr.decode(errors="replace")
    return [json.loads(line) for line in done.stdout.decode().split("\n") if line]


def plain(occurrence: dict) -> dict:
    return {k: v for k, v in occurrence.items() if k != "index"}


@pytest.mark.parametrize("level", ["exact", "safe"])
@pytest.mark.parametrize("left,right", PAIRS, ids=[f"{l} vs {r}" for l, r in PAIRS])
def test_specs_agree_with_cli(left: str, right: str, level: str, monkeypatch) -> None:
    monkeypatch.chdir(REPO)
    records = cli_reconcile(left, right, level)
    ours = urlkit.reconcile(left, right, level)
    summary = records[0]["summary"]
    for side in ("left", "right"):
        for f in ours["summary"][side]["findings"]:
            assert f.pop("effect") in ("note", "guessed", "skipped", "told")
    assert ours["summary"] == summary
    by_status: dict[str, list[dict]] = {"missing": [], "extra": [], "matched": [], "duplicate": []}
    for r in records[1:]:
        status = r.pop("status")
        assert r.pop("type") == status
        by_status[status].append(r)
    assert [plain(o) for o in ours["missing"]] == [r["left"] for r in by_status["missing"]]
    assert [plain(o) for o in ours["extra"]] == [r["right"] for r in by_status["extra"]]
    assert [
        {"exact": m["exact"], "rules": m["rules"], "left": plain(m["left"]), "right": plain(m["right"])}
        for m in ours["matched"]
    ] == by_status["matched"]
    assert [
        {"side": d["side"], "count": d["count"], "occurrences": [plain(o) for o in d["occurrences"]]}
        for d in ours["duplicates"]
    ] == by_status["duplicate"]
    assert len(records) > 1, "the report lists something"


def test_the_seed_story() -> None:
    # The operator's list against the site: at `safe` only the two truly gone pages are
    # missing; compared as strings, twelve of sixteen look missing.
    site = REPO / SITE
    safe = urlkit.reconcile(site / "local-list.csv", site / "wp-json")
    assert [o["iri"] for o in safe["missing"]] == ["https://example.com/料金プラン/", "https://example.com/会社概要/"]
    assert [o["source"].rsplit("/", 1)[1] for o in safe["missing"]] == ["local-list.csv:11", "local-list.csv:12"]
    assert {o["type"] for o in safe["missing"]} == {"page"}
    assert len(urlkit.reconcile(site / "local-list.csv", site / "wp-json", "exact")["missing"]) == 12


def test_a_guess_is_said(tmp_path) -> None:
    (tmp_path / "list.csv").write_text("title,address\nA,https://example.com/a\nB,https://example.com/b\n")
    (tmp_path / "notes.txt").write_text("https://example.com/a\nthis line is prose\n")
    with pytest.warns(urlkit.SourceWarning):
        r = urlkit.reconcile(str(tmp_path / "list.csv"), str(tmp_path / "notes.txt"))
    assert [o["url"] for o in r["missing"]] == ["https://example.com/b"]
    kinds = [f["effect"] for f in r["summary"]["right"]["findings"]]
    assert "skipped" in kinds


def test_bad_sources_raise(tmp_path) -> None:
    with pytest.raises(OSError):
        urlkit.reconcile(str(tmp_path / "absent.txt"), ["https://example.com/"])
    with pytest.raises(OSError):
        urlkit.reconcile("sitemap:https://example.com/sitemap.xml", ["https://example.com/"])
    with pytest.raises(ValueError):
        urlkit.reconcile(["https://example.com/"], ["https://example.com/"], "no-such-level")


def test_lists_agree_with_cli(lines: list[str], tmp_path) -> None:
    # Lines that are URLs (a scheme, no blank inside, a key): the CLI's text reader and
    # urlkit.reconcile's lists report any other line as a finding and never join it.
    left = []
    for u in lines:
        if not re.match(r"[A-Za-z][A-Za-z0-9+.-]*:", u) or re.search(r"[ \t\r\f]", u):
            continue
        try:
            urlkit.key(u, "safe")
        except urlkit.UrlError:
            continue
        left.append(u)
    # The right side: every URL respelled (lowercase hex, or its IRI), every 7th one missing,
    # some repeated, plus pages the left does not have.
    right = []
    for i, u in enumerate(left):
        if i % 7 == 0:
            continue
        if i % 2:
            right.append(re.sub(r"%[0-9A-Fa-f]{2}", lambda m: m.group(0).lower(), u))
        elif i % 3 == 0:
            right.append(urlkit.normalize(u, "safe", to="iri"))
        else:
            right.append(u)
        if i % 11 == 0:
            right.append(u)
    right += ["https://example.com/only-on-the-right/1", "https://example.com/only-on-the-right/2"]
    (tmp_path / "left.txt").write_text("".join(u + "\n" for u in left), encoding="utf-8")
    (tmp_path / "right.txt").write_text("".join(u + "\n" for u in right), encoding="utf-8")
    records = cli_reconcile(f"text:{tmp_path / 'left.txt'}", f"text:{tmp_path / 'right.txt'}", "safe")
    cli_summary = records[0]["summary"]
    # From Python lists (a generator on the right) and from the same files as specs.
    ours = urlkit.reconcile(left, (u for u in right))
    from_files = urlkit.reconcile(f"text:{tmp_path / 'left.txt'}", f"text:{tmp_path / 'right.txt'}")
    assert from_files["summary"]["matched"] == cli_summary["matched"]
    s = ours["summary"]
    for field in ["matched", "matched_exact", "matched_normalized", "only_left", "only_right", "rules"]:
        assert s[field] == cli_summary[field], field
    for side in ["left", "right"]:
        for field in ["records", "distinct", "duplicate_keys", "duplicate_records", "invalid"]:
            assert s[side][field] == cli_summary[side][field], (side, field)
    assert s["only_left"] > 0 and s["matched_normalized"] > 0 and s["left"]["records"] == len(left)
    missing = {o["url"] for o in ours["missing"]}
    assert missing == {left[i] for i in range(0, len(left), 7)} - {m["left"]["url"] for m in ours["matched"]}
    assert [o["url"] for o in ours["extra"]] == [
        "https://example.com/only-on-the-right/1",
        "https://example.com/only-on-the-right/2",
    ]
    assert all(o["source"] is None for o in ours["extra"])
    for m in ours["matched"]:
        assert left[m["left"]["index"]] == m["left"]["url"] and right[m["right"]["index"]] == m["right"]["url"]
        assert (m["rules"] == []) == m["exact"] == (m["left"]["url"] == m["right"]["url"])
    cli_matched = [r for r in records if r["type"] == "matched"]
    assert [m["rules"] for m in ours["matched"]] == [r["rules"] for r in cli_matched]
    assert [d["count"] for d in ours["duplicates"]] == [r["count"] for r in records if r["type"] == "duplicate"]
