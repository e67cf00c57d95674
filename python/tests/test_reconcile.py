"""urlkit.reconcile agrees with `urlkit reconcile` on the real lists, respelled."""

from __future__ import annotations

import json
import re
import subprocess

import urlkit
from conftest import cli_binary


def test_reconcile_agrees_with_cli(lines: list[str], tmp_path) -> None:
    # Lines that are URLs: the CLI's text reader reports any other line as a finding and
    # never joins it, while urlkit.reconcile takes every string it is given as a URL.
    left = []
    for u in lines:
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
    done = subprocess.run(
        [str(cli_binary()), "reconcile", "--format", "json", f"text:{tmp_path / 'left.txt'}", f"text:{tmp_path / 'right.txt'}"],
        capture_output=True,
        timeout=120,
    )
    assert done.returncode in (0, 1), done.stderr.decode(errors="replace")
    records = [json.loads(line) for line in done.stdout.decode().splitlines()]
    cli_summary = records[0]["summary"]
    ours = urlkit.reconcile(left, right)
    s = ours["summary"]
    for field in ["matched_exact", "matched_normalized", "only_left", "only_right"]:
        assert s[field] == cli_summary[field], field
    for side in ["left", "right"]:
        for field in ["records", "distinct", "duplicate_keys", "duplicate_records", "invalid"]:
            assert s[side][field] == cli_summary[side][field], (side, field)
    assert s["rule_counts"] == cli_summary["rules"]
    assert s["only_left"] > 0 and s["matched_normalized"] > 0 and s["left"]["records"] == len(left)
    missing = {u for u, _ in ours["missing"]}
    assert missing == {left[i] for i in range(0, len(left), 7)} - {u for u, *_ in ours["matched"]}
    assert {u for u, _ in ours["extra"]} == {"https://example.com/only-on-the-right/1", "https://example.com/only-on-the-right/2"}
    for lu, li, ru, ri, rules in ours["matched"]:
        assert left[li] == lu and right[ri] == ru
        assert (rules == []) == (lu == ru)
