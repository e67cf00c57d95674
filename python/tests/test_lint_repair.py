"""urlkit.lint / lint_list / fix and urlkit.repair / repair_list agree with `urlkit lint --json`,
`urlkit lint --fix` and `urlkit repair --json` on the real lists (and, for repair, on the real
lists' URLs carrying text in legacy charsets written by Python's own codecs)."""

from __future__ import annotations

import json
import subprocess
import urllib.parse

import pytest

import urlkit
from conftest import cli_binary, merge_list_scope, run_cli


def cli_records(args: list[str], lines: list[str]) -> list[dict]:
    records = run_cli(args, lines)
    assert len(records) == len(lines), "the CLI writes one record per input line"
    return records


def list_rules() -> list[str]:
    return [r["code"] for r in urlkit.rules() if r["scope"] == "list"]


def test_rules_are_the_clis_list() -> None:
    done = subprocess.run([str(cli_binary()), "lint", "--list"], capture_output=True, timeout=60, check=True)
    codes = [line.split()[0] for line in done.stdout.decode().splitlines() if line.strip()]
    assert [r["code"] for r in urlkit.rules()] == codes
    assert list_rules(), "the list-level rules are known"


@pytest.mark.parametrize("select", [[], ["all"]], ids=["default", "all"])
def test_lint_list_agrees_with_cli(lines: list[str], select: list[str]) -> None:
    args = ["lint", *(f"--select={s}" for s in select)]
    records = merge_list_scope(run_cli(args, lines), len(lines))
    good = [r["input"] for r in records if r["ok"]]
    assert len(good) > 1000
    ours = urlkit.lint_list(good, select=select)
    theirs = [r["findings"] for r in records if r["ok"]]
    assert sum(map(len, theirs)) > 0, "the real lists have findings"
    for url, a, b in zip(good, ours, theirs):
        assert a == b, url


@pytest.mark.parametrize("select", [[], ["all"]], ids=["default", "all"])
def test_lint_one_url_agrees_with_cli_without_list_rules(lines: list[str], select: list[str]) -> None:
    # Without the list-level rules, each URL's findings are its own: urlkit.lint(url).
    ignore = list_rules()
    args = ["lint", *(f"--select={s}" for s in select), f"--ignore={','.join(ignore)}"]
    records = cli_records(args, lines)
    n = 0
    for r in records:
        if r["ok"]:
            assert urlkit.lint(r["input"], select=select, ignore=ignore) == r["findings"], r["input"]
            n += len(r["findings"])
    assert n > 0


def test_lint_selection_words() -> None:
    url = "https://example.com/%e6%97%a5/a+b"
    assert [f["rule"] for f in urlkit.lint(url)] == ["lowercase-hex", "plus-in-path"]
    assert urlkit.lint(url, ignore="lowercase-hex,plus-in-path") == []
    assert urlkit.lint(url, ignore=["lowercase-hex", "plus-in-path"]) == []
    with pytest.raises(ValueError, match="unknown rule"):
        urlkit.lint(url, select="no-such-rule")


@pytest.mark.parametrize("fixes", ["safe", "unsafe"])
def test_fix_agrees_with_cli(lines: list[str], fixes: str) -> None:
    good = [r["input"] for r in cli_records(["lint"], lines) if r["ok"]]
    args = ["lint", "--fix"] + (["--unsafe-fixes"] if fixes == "unsafe" else [])
    text = "".join(u + "\n" for u in good)
    done = subprocess.run([str(cli_binary()), *args], input=text.encode(), capture_output=True, timeout=300)
    assert done.returncode in (0, 1), done.stderr.decode(errors="replace")
    theirs = done.stdout.decode().splitlines()
    ours = [urlkit.fix(u, fixes) for u in good]
    assert ours == theirs
    assert sum(a != b for a, b in zip(good, ours)) > 0, "some URL of the real lists has a fix"


def legacy(lines: list[str], distinct_hosts: bool) -> list[str]:
    """Real URLs carrying a query in a legacy charset (Python's codecs write the bytes),
    Latin-1 mojibake of UTF-8, broken UTF-8 and plain UTF-8; with distinct hosts, each URL is
    its own host, so the list-level ranking cannot change any verdict."""
    texts = ["外装不良", "テストの結果", "東京カフェ", "ログイン", "中文测试", "개발", "café", "開発"]
    charsets = ["shift_jis", "euc_jp", "gbk", "big5", "euc_kr", "cp1252", "iso2022_jp"]
    out = []
    for i, u in enumerate(lines):
        p = urllib.parse.urlsplit(u)
        if p.scheme not in ("http", "https") or not p.hostname:
            continue
        host = f"h{i}.example.jp" if distinct_hosts else p.netloc
        text = texts[i % len(texts)]
        charset = charsets[i % len(charsets)]
        try:
            raw = text.encode(charset)
        except UnicodeEncodeError:
            raw = text.encode("utf-8")
        if i % 5 == 0:
            raw = text.encode("utf-8").decode("latin-1").encode("utf-8")  # mojibake
        elif i % 11 == 0:
            raw = b"\xc0\xaf" + raw  # overlong: broken UTF-8
        q = urllib.parse.quote_from_bytes(raw, safe="")
        out.append(f"{p.scheme}://{host}{p.path or '/'}?q={q}")
        out.append(u)
    return out


def compare_repair(ours, theirs: dict) -> None:
    if theirs["ok"]:
        # The whole record of `urlkit repair --json`, but for the stdin line number.
        expected = {k: v for k, v in theirs.items() if k != "line"}
        assert ours == expected, theirs["input"]
    else:
        assert isinstance(ours, urlkit.UrlError), theirs["input"]
        assert (ours.kind, ours.offset) == (theirs["error"]["kind"], theirs["error"]["offset"])


def test_repair_list_agrees_with_cli(lines: list[str]) -> None:
    urls = legacy(lines, distinct_hosts=False)
    records = cli_records(["repair"], urls)
    ours = urlkit.repair_list(urls)
    verdicts = set()
    for o, t in zip(ours, records):
        compare_repair(o, t)
        if t["ok"]:
            verdicts.add(t["verdict"])
    assert {"repaired", "unchanged", "ambiguous", "none"} <= verdicts


def test_repair_one_url_agrees_with_cli(lines: list[str]) -> None:
    urls = legacy(lines, distinct_hosts=True)
    records = cli_records(["repair"], urls)
    repaired = 0
    for u, t in zip(urls, records):
        try:
            ours = urlkit.repair(u)
        except urlkit.UrlError as e:
            ours = e
        compare_repair(ours, t)
        repaired += t.get("verdict") == "repaired"
    assert repaired > 50


def test_repair_error_is_located() -> None:
    with pytest.raises(urlkit.UrlError) as e:
        urlkit.repair("http://a b/")
    assert e.value.kind and e.value.offset >= 0
    with pytest.raises(TypeError):
        urlkit.repair_list("http://a/")
