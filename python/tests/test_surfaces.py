"""The same records from every door (issue 25): the CLI's ``--json``, this package and the
HTTP API of ``urlkit serve`` answer the same inputs with the same records, for ``key``,
``normalize``, ``compare``, ``lint``, ``repair``, ``decode``, ``encode``, ``parse``, ``build``
and ``reconcile``.

The inputs are every line of the real lists in testdata/urls-sample plus generated bad input
(whitespace around and alone, a byte order mark, control characters, invalid UTF-8, empty
lines, file names, prose). What is compared, per door:

- CLI and HTTP: the whole record, once parsed (the CLI's ``line`` aside: a one-URL request has
  no line).
- Python: the whole record where the function returns one (``parse``, ``repair``,
  ``build``, ``compare``'s ``to_dict()``, ``lint``'s findings, ``reconcile``); where it returns
  the answer itself (``key``, ``normalize``, ``decode``, ``encode``) the record's ``output``,
  and for a failure the exception's ``kind`` and ``offset`` (its message is in the door's own
  words: Python names keyword arguments where the CLI names flags).

What only one door can be given is checked there: invalid UTF-8 (a Python str and a JSON
string hold Unicode only) goes to the CLI, which must say `invalid-utf8-input`, and to
Python's `bytes` paths (`encode`, `decode`); a pair with an empty side makes no `A<TAB>B`
line. Every difference fails the test, listed by command and comparison.
"""

from __future__ import annotations

import http.client
import json
import os
import pathlib
import subprocess
import tempfile
import time
import warnings
from typing import Any, Callable, Iterable, Optional

import pytest

import urlkit
from conftest import by_span, cli_binary, merge_list_scope, real_lines

# --- the inputs --------------------------------------------------------------------------

FILE_NAMES = [
    "urls.txt",
    "list.csv",
    "wp-sitemap.xml",
    "./export/posts.json",
    "C:\\Users\\me\\Desktop\\urls.txt",
    "~/Downloads/sitemap.xml",
    "testdata/urls-sample/kasztp.txt",
    "file.name with spaces.txt",
]

ODD = [
    "",
    "not a url",
    "http://[::1",
    "%zz",
    "100%",
    "a b&c=d/e?f#g+h~!'()*",
    "https://例え.jp/パス?q=値#f",
    "HTTP://EXAMPLE.COM:80/%7e/./a/../b",
    "javascript:alert(1)",
    "mailto:someone@example.com",
    "//host/path",
    "http://a/b%2Fc",
    "http://a/%E9%81%8B%zz",
    "https://example.com/?q=%8AO%91%95%95s%97%C7",
    "http://0x7f.1/",
    "http://example.com\\path",
    "https://xn--wgv71a119e.jp/",
    "http://a/\u00e9\u0301",
    "http://a/e\u0301",
    "https://example.com/a+b?c=d+e",
]

WHITESPACE = [" ", "\t", "  \t ", "\u3000", "\u00a0", "\u2003", "\u0085", "\u200b"]
CONTROLS = ["\x00", "\x01", "\x1b", "\x7f", "\u0080", "\u009f", "\u202e", "\u2028"]


def generated(real: list[str]) -> list[str]:
    """Bad input built from a sample of the real lines, and odd lines of their own."""
    sample = real[:: max(1, len(real) // 120)][:120]
    out: list[str] = []
    out += FILE_NAMES + ODD
    out += WHITESPACE + ["".join(WHITESPACE)]
    for i, u in enumerate(sample):
        w = WHITESPACE[i % len(WHITESPACE)]
        c = CONTROLS[i % len(CONTROLS)]
        out += [
            f" {u}",
            f"{u} ",
            f"{w}{u}{w}",
            f"{u[: len(u) // 2]}{c}{u[len(u) // 2 :]}",
            f"{c}{u}",
            u.upper(),
            u.replace("/", "%2F", 3),
        ]
    return [line for line in out if "\n" not in line]


# Lines that only the CLI can be given: bytes that are not UTF-8 (a Python str and a JSON
# string hold Unicode text only).
INVALID_UTF8 = [
    b"\xff\xfehttp://x/",
    b"https://example.com/\xe9t\xe9",
    b"https://example.com/\x81\x40",
    b"\xc3",
    b"http://a/\xed\xa0\x80",
    b"%41\xff",
]

# Inputs that begin with a byte order mark: a BOM is removed at the start of an input only
# (the first line of stdin, a whole argument, one Python str, one JSON field), so the CLI is
# given each of them as its own stdin.
BOM_INPUTS = [
    "\ufeffhttps://example.com/",
    "\ufeff https://example.com/a ",
    "\ufeff",
    "\ufeff\ufeffhttp://a/",
    "\ufeffa%20b",
    "\ufeffnot a url",
]


@pytest.fixture(scope="module")
def inputs() -> list[str]:
    real = real_lines()
    every = real + generated(real)
    # The acceptance line's floor: at least 2,000 inputs (with BOM_INPUTS and INVALID_UTF8).
    assert len(every) + len(BOM_INPUTS) + len(INVALID_UTF8) >= 2000, len(every)
    return every


# --- the doors ---------------------------------------------------------------------------


def cli_records(
    args: list[str], lines: Iterable[str | bytes], *, cwd: Optional[str] = None, end: bytes = b"\n"
) -> list[dict]:
    data = b"".join((line if isinstance(line, bytes) else line.encode()) + end for line in lines)
    done = subprocess.run(
        [str(cli_binary()), *args, "--json"], input=data, capture_output=True, timeout=300, cwd=cwd
    )
    assert done.returncode in (0, 1), (args, done.returncode, done.stderr.decode(errors="replace")[-2000:])
    return [json.loads(r) for r in done.stdout.decode().split("\n") if r]


def cli_each(args: list[str], lines: list[str]) -> list[dict]:
    """Each line as an input of its own (its own stdin)."""
    out = []
    for line in lines:
        got = cli_records(args, [line])
        assert len(got) == 1, (args, line, got)
        out += got
    return out


class Server:
    """``urlkit serve --port 0`` on 127.0.0.1, stopped at the end (and in 10 minutes at most)."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            ["timeout", "600", str(cli_binary()), "serve", "--port", "0"],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        assert self.proc.stdout is not None
        first = self.proc.stdout.readline().decode()
        # "urlkit serve: http://127.0.0.1:PORT/  (Ctrl-C stops it)"
        addr = first.split("http://", 1)[1].split("/", 1)[0]
        host, port = addr.rsplit(":", 1)
        self.host, self.port = host, int(port)
        self.conn = http.client.HTTPConnection(self.host, self.port, timeout=60)

    def call(self, name: str, body: dict) -> tuple[int, Any]:
        data = json.dumps(body).encode()
        for attempt in range(2):
            try:
                self.conn.request("POST", f"/api/{name}", data, {"Content-Type": "application/json"})
                r = self.conn.getresponse()
                return r.status, json.loads(r.read())
            except (http.client.HTTPException, ConnectionError):
                # The server closed a kept-alive connection: once more on a new one.
                self.conn.close()
                self.conn = http.client.HTTPConnection(self.host, self.port, timeout=60)
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        self.conn.close()
        self.proc.terminate()
        self.proc.wait(timeout=10)
        if self.proc.stdout is not None:
            self.proc.stdout.close()


@pytest.fixture(scope="module")
def api() -> Iterable[Server]:
    s = Server()
    yield s
    s.close()


def py_call(fn: Callable[[], Any]) -> tuple:
    """A Python call as ("ok", value) or ("error", kind, offset); warnings are collected."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            value = fn()
        except urlkit.UrlkitError as e:
            return ("error", e.kind, e.offset)
    return ("ok", value, [(w.message.kind, w.message.offset) for w in caught if hasattr(w.message, "kind")])


def head(answer: tuple) -> tuple:
    """A `py_call` answer without its warnings (a failure is kept whole)."""
    return answer if answer[0] == "error" else answer[:2]


def as_answer(record: dict) -> tuple:
    """A record in the shape of `py_call` (its output and warnings, or its failure)."""
    if record["ok"]:
        return ("ok", record["output"], [(w["kind"], w["offset"]) for w in record.get("warnings", [])])
    return ("error", record["error"]["kind"], record["error"]["offset"])


def without_line(record: dict) -> dict:
    return {k: v for k, v in record.items() if k != "line"}


# --- the comparison ----------------------------------------------------------------------


class Differences:
    """Every difference found, by command; printed in full when the test fails."""

    def __init__(self) -> None:
        self.found: dict[str, list] = {}
        self.compared = 0

    def check(self, command: str, what: str, given: Any, a: Any, b: Any) -> None:
        self.compared += 1
        if a != b:
            self.found.setdefault(command, []).append((what, given, a, b))

    def report(self) -> str:
        lines = []
        for command, diffs in sorted(self.found.items()):
            lines.append(f"{command}: {len(diffs)} differences")
            by_what: dict[str, list] = {}
            for d in diffs:
                by_what.setdefault(d[0], []).append(d)
            for what, some in by_what.items():
                lines.append(f"  {what}: {len(some)}")
                for _, given, a, b in some[:3]:
                    lines.append(f"    {given!r}\n      {str(a)[:600]}\n      {str(b)[:600]}")
        return "\n".join(lines)


@pytest.fixture(scope="module")
def diffs() -> Differences:
    return Differences()


LEVELS = ["safe", "loose"]


def test_key_and_normalize(inputs: list[str], api: Server, diffs: Differences) -> None:
    for level in LEVELS:
        for command, extra, py in [
            ("key", [], lambda u: urlkit.key(u, level)),
            ("normalize", ["--to", "uri"], lambda u: urlkit.normalize(u, level, to="uri")),
            ("normalize", ["--to", "iri"], lambda u: urlkit.normalize(u, level, to="iri")),
        ]:
            args = [command, "--level", level, *extra]
            cli = cli_records(args, inputs) + cli_each(args, BOM_INPUTS)
            given = inputs + BOM_INPUTS
            assert len(cli) == len(given), args
            for line, rec in zip(given, cli):
                body = {"url": line, "level": level}
                if extra:
                    body["to"] = extra[1]
                _, answer = api.call(command, body)
                what = " ".join(args)
                diffs.check(command, f"{what} cli/http", line, without_line(rec), answer)
                got = py_call(lambda: py(line))
                diffs.check(command, f"{what} cli/python", line, head(as_answer(rec)), head(got))
            bad = cli_records(args, INVALID_UTF8)
            assert [r["error"]["kind"] for r in bad] == ["invalid-utf8-input"] * len(INVALID_UTF8)
        # CRLF line ends are the line's end, not its content.
        crlf = cli_records(["key", "--level", level], inputs, end=b"\r\n")
        diffs.check("key", "key cli crlf/lf", "CRLF", crlf, cli_records(["key", "--level", level], inputs))


def compare_pairs(inputs: list[str]) -> list[tuple[str, str]]:
    pairs = []
    for i, a in enumerate(inputs):
        pairs.append((a, inputs[(i + 1) % len(inputs)]))
        pairs.append((a, a.lower()))
    # A stdin line holds a pair as `A<TAB>B`: a side that holds a tab, or is empty once
    # trimmed, makes no pair there (the CLI says not-a-pair), so such pairs are for the doors
    # that take two fields only.
    return [(a, b) for a, b in pairs if "\t" not in a + b and a.strip("\ufeff").strip() and b.strip()]


def test_compare(inputs: list[str], api: Server, diffs: Differences) -> None:
    pairs = compare_pairs(inputs)
    for level in ["safe", "normal"]:
        cli = cli_records(["compare", "--level", level], [f"{a}\t{b}" for a, b in pairs])
        assert len(cli) == len(pairs)
        for (a, b), rec in zip(pairs, cli):
            _, answer = api.call("compare", {"a": a, "b": b, "level": level})
            if not rec["ok"] and not answer["ok"] and answer["error"]["offset"] is not None:
                # The CLI locates an error of B in the line it read (`A<TAB>B`, its record's
                # input), one URL's door in that URL: the same place once B's start is counted.
                line_read = rec["input"].encode()
                tab = line_read.find(b"\t")
                bad = answer["input"].encode()
                start = tab + 1 + line_read[tab + 1 :].find(bad) if answer["error"]["message"].endswith("(B)") else 0
                answer = {**answer, "error": {**answer["error"], "offset": start + answer["error"]["offset"]}}
            # The input of a pair is written by each door its own way (a tab-separated line,
            # two fields, two arguments): the URLs compared are in `a` and `b`.
            ours = {k: v for k, v in without_line(rec).items() if k != "input"}
            diffs.check("compare", f"compare {level} cli/http", (a, b), ours, {k: v for k, v in answer.items() if k != "input"})
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    c = urlkit.compare(a, b, level)
                got = {k: v for k, v in c.to_dict().items() if k != "input"}
                mine = ours
            except urlkit.UrlError as e:
                got = ("error", e.kind, e.offset)
                mine = as_answer(answer) if not answer["ok"] else as_answer(rec)
                # (the offset as HTTP gives it, in the one URL: equal to the CLI's above)
                mine = ("error", mine[1], api.call("compare", {"a": a, "b": b, "level": level})[1]["error"]["offset"])
            diffs.check("compare", f"compare {level} cli/python", (a, b), mine, got)


def test_lint(inputs: list[str], api: Server, diffs: Differences) -> None:
    batch = 500
    for start in range(0, len(inputs), batch):
        urls = inputs[start : start + batch]
        # The CLI streams the list rules' findings after the lines; merged by line, the
        # answers must be equal.
        cli = merge_list_scope(cli_records(["lint"], urls), len(urls))
        status, answer = api.call("lint", {"urls": urls})
        assert status == 200, answer
        for line, rec, theirs in zip(urls, cli, answer["records"]):
            if rec.get("ok"):
                theirs = dict(theirs, findings=by_span(theirs["findings"]))
            diffs.check("lint", "lint cli/http", line, rec, theirs)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            found = urlkit.lint_list(urls)
        for line, rec, f in zip(urls, cli, found):
            diffs.check("lint", "lint cli/python", line, rec["findings"], by_span(f))
    bad = cli_records(["lint"], INVALID_UTF8)
    assert [r["error"]["kind"] for r in bad] == ["invalid-utf8-input"] * len(INVALID_UTF8)


def test_repair(inputs: list[str], api: Server, diffs: Differences) -> None:
    # Over a list each host's confident readings help its doubtful ones: the CLI's stdin is
    # one list (Python's repair_list), one request is one URL (Python's repair).
    cli = cli_records(["repair"], inputs)
    assert len(cli) == len(inputs)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        listed = urlkit.repair_list(inputs)
    for line, rec, got in zip(inputs, cli, listed):
        if isinstance(got, urlkit.UrlkitError):
            diffs.check("repair", "repair cli/python list", line, as_answer(rec), ("error", got.kind, got.offset))
        else:
            diffs.check("repair", "repair cli/python list", line, without_line(rec), got)
    for line in inputs + BOM_INPUTS:
        _, answer = api.call("repair", {"url": line})
        got = py_call(lambda: urlkit.repair(line))
        mine = ("ok", answer, []) if answer["ok"] else as_answer(answer)
        diffs.check("repair", "repair http/python", line, head(mine), head(got))
    single = cli_each(["repair"], BOM_INPUTS)
    for line, rec in zip(BOM_INPUTS, single):
        _, answer = api.call("repair", {"url": line})
        diffs.check("repair", "repair cli/http", line, without_line(rec), answer)


def test_decode_and_encode(inputs: list[str], api: Server, diffs: Differences) -> None:
    given = inputs + BOM_INPUTS
    http = [api.call("decode", {"text": t})[1] for t in given]
    for mode in ["strict", "lenient", "form"]:
        args = ["decode", "--mode", mode]
        cli = cli_records(args, inputs) + cli_each(args, BOM_INPUTS)
        assert len(cli) == len(given)
        for line, rec, answer in zip(given, cli, http):
            diffs.check("decode", f"decode {mode} cli/http", line, without_line(rec), answer[mode])
            got = py_call(lambda: urlkit.decode(line, mode))
            diffs.check("decode", f"decode {mode} cli/python", line, head(as_answer(rec)), head(got))
        bad = cli_records(args, INVALID_UTF8)
        for raw, rec in zip(INVALID_UTF8, bad):
            got = py_call(lambda: urlkit.decode(raw, mode))
            diffs.check("decode", f"decode {mode} cli/python (bytes)", raw, head(as_answer(rec)), head(got))
    args = ["encode", "--set", "component"]
    cli = cli_records(args, inputs) + cli_each(args, BOM_INPUTS)
    for line, rec in zip(given, cli):
        _, answer = api.call("encode", {"text": line})
        diffs.check("encode", "encode component cli/http", line, without_line(rec), answer)
        got = py_call(lambda: urlkit.encode(line, "component"))
        diffs.check("encode", "encode component cli/python", line, as_answer(rec), got)
    bad = cli_records(args, INVALID_UTF8)
    for raw, rec in zip(INVALID_UTF8, bad):
        got = py_call(lambda: urlkit.encode(raw, "component"))
        diffs.check("encode", "encode component cli/python (bytes)", raw, as_answer(rec), got)


def test_parse(inputs: list[str], api: Server, diffs: Differences) -> None:
    cli = cli_records(["parse"], inputs) + cli_each(["parse"], BOM_INPUTS)
    given = inputs + BOM_INPUTS
    assert len(cli) == len(given)
    for line, rec in zip(given, cli):
        _, answer = api.call("parse", {"url": line})
        diffs.check("parse", "parse cli/http", line, without_line(rec), answer)
        got = py_call(lambda: urlkit.parse(line))
        mine = ("ok", without_line(rec)) if rec["ok"] else as_answer(rec)
        diffs.check("parse", "parse cli/python", line, mine, head(got))


SEGMENTS = ["a b/c", "運営", "100%"]
PARAMS = ["k=v w", "q=日本&x", "empty"]
FRAGMENT = "f g#h"


def build_args(segments: list[str], params: list[str], fragment: Optional[str]) -> list[str]:
    args = ["build"]
    for s in segments:
        args += ["--segment", s]
    for p in params:
        args += ["--param", p]
    if fragment is not None:
        args += ["--fragment", fragment]
    return args


def test_build(inputs: list[str], api: Server, diffs: Differences) -> None:
    # Every input as the base URL, with the same components.
    cli = cli_records(build_args(SEGMENTS, PARAMS, FRAGMENT), inputs)
    assert len(cli) == len(inputs)
    for line, rec in zip(inputs, cli):
        body = {"base": line, "segments": SEGMENTS, "params": PARAMS, "fragment": FRAGMENT}
        _, answer = api.call("build", body)
        diffs.check("build", "build base cli/http", line, without_line(rec), answer)
        got = py_call(lambda: urlkit.build(line, SEGMENTS, PARAMS, FRAGMENT))
        mine = ("ok", without_line(rec)) if rec["ok"] else as_answer(rec)
        diffs.check("build", "build base cli/python", line, mine, head(got))
    # A sample of the inputs as a segment, a parameter and the fragment (one run each).
    base = "https://example.com/"
    for value in inputs[:: max(1, len(inputs) // 60)]:
        if value.startswith("-") or "\x00" in value:
            # An option's value cannot begin with '-' or hold a NUL (an argv string ends there).
            continue
        segs, params = [value], [f"q={value}"]
        done = subprocess.run(
            [str(cli_binary()), *build_args(segs, params, value), "--json"],
            input=(base + "\n").encode(),
            capture_output=True,
            timeout=60,
        )
        status, answer = api.call("build", {"base": base, "segments": segs, "params": params, "fragment": value})
        try:
            got: Any = urlkit.build(base, segs, params, value)
        except ValueError as e:
            got = ("refused", str(e))
        if done.returncode == 2:
            # A value no URL can hold: the usage error, said by each door.
            diffs.check("build", "build value cli/http", value, "refused", "refused" if status == 400 else answer)
            diffs.check("build", "build value http/python", value, ("refused", answer["error"]["message"]), got)
            continue
        rec = json.loads(done.stdout.decode())
        diffs.check("build", "build value cli/http", value, without_line(rec), answer)
        diffs.check("build", "build value cli/python", value, without_line(rec), got)


def lines_of(report: dict) -> list[dict]:
    """Python's reconcile dict as the CLI's JSON Lines (summary, missing, extra, matched,
    duplicates), each occurrence without its `index` in the Python list."""

    def occ(o: dict) -> dict:
        return {k: v for k, v in o.items() if k != "index"}

    out = [{"summary": report["summary"], "type": "summary"}]
    out += [{"left": occ(o), "status": "missing", "type": "missing"} for o in report["missing"]]
    out += [{"right": occ(o), "status": "extra", "type": "extra"} for o in report["extra"]]
    for m in report["matched"]:
        out.append(
            {"exact": m["exact"], "left": occ(m["left"]), "right": occ(m["right"]), "rules": m["rules"], "status": "matched", "type": "matched"}
        )
    # One source a side here: no overlaps, and the CLI's order (each side's duplicates, then
    # its overlaps) is the duplicates' order.
    assert report["overlaps"] == []
    for d in report["duplicates"]:
        out.append({**d, "occurrences": [occ(o) for o in d["occurrences"]]})
    return out


def test_reconcile(inputs: list[str], api: Server, diffs: Differences) -> None:
    left = inputs[0::2]
    right = [u.lower() for u in inputs[1::3]] + inputs[0::6]
    with tempfile.TemporaryDirectory() as d:
        for name, urls in [("left.txt", left), ("right.txt", right)]:
            pathlib.Path(d, name).write_text("".join(u + "\n" for u in urls), encoding="utf-8")
        cli = cli_records(["reconcile", "left.txt", "right.txt"], [], cwd=d)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            cwd = os.getcwd()
            os.chdir(d)
            try:
                by_spec = urlkit.reconcile("left.txt", "right.txt")
            finally:
                os.chdir(cwd)
            by_list = urlkit.reconcile(left, right)
    diffs.check("reconcile", "reconcile cli/python (files)", "left.txt right.txt", cli, lines_of(by_spec))
    status, answer = api.call(
        "reconcile",
        {
            "left": "".join(u + "\n" for u in left),
            "right": "".join(u + "\n" for u in right),
            "left_name": "left.txt",
            "right_name": "right.txt",
            "format": "json",
        },
    )
    assert status == 200, answer
    diffs.check("reconcile", "reconcile cli/http", "pasted", pasted_as_files(cli), pasted_as_files(answer["records"]))
    diffs.check("reconcile", "reconcile cli/python (lists)", "lists", from_memory(cli), from_memory(lines_of(by_list)))


def pasted_as_files(records: list[dict]) -> list[dict]:
    """The records with the names of the pasted lists and of the files made one, and the
    reader's note on how it told the format (from a file's name, from pasted bytes) set aside."""
    text = json.dumps(records, ensure_ascii=False, sort_keys=True)
    text = text.replace("https://paste.invalid/left", "left.txt").replace("https://paste.invalid/right", "right.txt")
    out = json.loads(text)
    for r in out:
        if r.get("type") == "summary":
            for side in ("left", "right"):
                r["summary"][side]["findings"] = [f for f in r["summary"][side]["findings"] if f["kind"] != "format-detected"]
    return out


def from_memory(records: list[dict]) -> list[dict]:
    """The records without what a list in memory does not have: a source and its place."""
    out = []
    for r in pasted_as_files(records):
        r = json.loads(json.dumps(r))
        for key in ("left", "right"):
            if key in r and isinstance(r[key], dict) and "source" in r[key]:
                r[key].pop("source", None)
        for o in r.get("occurrences", []):
            o.pop("source", None)
        if r.get("type") == "summary":
            for side in ("left", "right"):
                s = r["summary"][side]
                for k in ("specs", "sources", "findings"):
                    s.pop(k, None)
        out.append(r)
    return out


def test_zz_no_differences(diffs: Differences) -> None:
    """Runs last (pytest keeps the file's order): every comparison above, 0 differences."""
    print(f"cross-surface: {diffs.compared} comparisons, {sum(len(v) for v in diffs.found.values())} differences")
    assert diffs.compared > 0
    assert not diffs.found, diffs.report()
