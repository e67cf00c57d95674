#!/usr/bin/env python3
"""Differential check of urlkit's builder flavors and browser-rewrite note against the real
runtimes.

Usage: run.py CORPUS_FILE URLKIT_BINARY
CORPUS_FILE is the output of `cargo run --example builder_corpus` (its doc gives the format).
All cases of one runtime go to ONE process (the harnesses next to this file): Python, PHP, Go,
Node, Ruby, Java. Each builder flavor's query must equal the runtime's byte for byte. Each
edit goes through `urlkit build --json` (one process per group of 50 URLs sharing the same
edit options, with the default and with `--query-style js.URLSearchParams`) and through
Node's `new URL(base).searchParams`: the js.URLSearchParams output must be Node's href, and
the `browser_rewrite` note must be there exactly when urlkit's own output differs from it,
holding Node's href. Each flavor's lists must reach every interesting case (repeated,
unsorted and empty keys, empty values, no pair, non-ASCII, space, '+', '%', all 32 ASCII
punctuation characters). Prints counts per flavor and a closing "N passed, N failed".
"""
import collections
import json
import os
import shutil
import string
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
LANGUAGE = {"python": "python", "php": "php", "go": "go", "js": "js", "ruby": "ruby",
            "java": "java", "edit": "js"}


def harness(lang, workdir):
    return {
        "python": [sys.executable, os.path.join(HERE, "py.py")],
        "php": ["php", os.path.join(HERE, "php.php")],
        "go": [os.path.join(workdir, "go-harness")],
        "js": ["node", os.path.join(HERE, "js.js")],
        "ruby": ["ruby", os.path.join(HERE, "rb.rb")],
        "java": ["java", "-cp", workdir, "BuilderHarness"],
    }[lang]


def build(workdir):
    env = dict(os.environ, GOCACHE=os.path.join(workdir, "gocache"), GOFLAGS="-mod=mod")
    subprocess.run(["go", "build", "-o", os.path.join(workdir, "go-harness"),
                    os.path.join(HERE, "go.go")], check=True, env=env, cwd=workdir)
    subprocess.run(["javac", "-d", workdir, os.path.join(HERE, "BuilderHarness.java")],
                   check=True)


def decode_pairs(field):
    if not field:
        return []
    return [tuple(bytes.fromhex(h).decode("utf-8") for h in item.split(":"))
            for item in field.split(",")]


def coverage(cases):
    """How many cases reach the interesting inputs."""
    seen = collections.Counter()
    punct = set()
    for field, _ in cases:
        pairs = decode_pairs(field)
        keys = [k for k, _ in pairs]
        text = "".join(k + v for k, v in pairs)
        seen["repeated keys"] += len(set(keys)) < len(keys)
        seen["unsorted keys"] += keys != sorted(keys, key=lambda k: k.encode())
        seen["empty values"] += any(v == "" for _, v in pairs)
        seen["empty keys"] += "" in keys
        seen["no pairs"] += not pairs
        seen["non-ASCII"] += any(ord(c) > 0x7F for c in text)
        seen["space"] += " " in text
        seen["'+'"] += "+" in text
        seen["'%'"] += "%" in text
        punct.update(c for c in text if c.isascii() and not c.isalnum() and c.isprintable()
                     and c != " ")
    missing = [what for what, n in seen.items() if n == 0]
    if len(punct) < 32:
        missing.append(f"ASCII punctuation {sorted(set(string.punctuation) - punct)}")
    text = ", ".join(f"{n} {what}" for what, n in seen.items()) + \
        f"; {len(punct)} of 32 ASCII punctuation characters"
    return text, missing


def run(cmd, stdin):
    proc = subprocess.run(cmd, input=stdin, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise SystemExit(f"{cmd[0]} failed (exit {proc.returncode}): {proc.stderr[:500]}")
    return proc.stdout.split("\n")[:-1]


def urlkit_edits(urlkit, edits):
    """(default record, js.URLSearchParams record) per edit, one process per group."""
    groups = collections.OrderedDict()
    for ops, base in edits:
        groups.setdefault(ops, []).append(base)
    results = []
    for ops, bases in groups.items():
        args = []
        for item in ops.split(","):
            op, *hexes = item.split(":")
            k, v = (bytes.fromhex(h).decode("utf-8") for h in hexes + [""][: 2 - len(hexes)])
            if op == "r":
                args.append(f"--remove-param={k}")
            elif op == "s":
                args.append(f"--set-param={k}={v}")
            else:
                args.append(f"--param={k}={v}")
        stdin = "".join(bytes.fromhex(b).decode("utf-8") + "\n" for b in bases)
        own = run([urlkit, "build", "--json", *args], stdin)
        js = run([urlkit, "build", "--json", "--query-style", "js.URLSearchParams", *args],
                 stdin)
        if len(own) != len(bases) or len(js) != len(bases):
            raise SystemExit(f"urlkit build gave {len(own)}/{len(js)} records for {len(bases)}")
        results += [(json.loads(o), json.loads(j)) for o, j in zip(own, js)]
    return results


def main():
    corpus = collections.OrderedDict()
    edits = []
    with open(sys.argv[1], encoding="ascii") as f:
        for line in f:
            kind, field, third = line.rstrip("\n").split("\t")
            if kind == "edit":
                edits.append((field, third))
            else:
                corpus.setdefault(kind, []).append((field, third))
    urlkit = sys.argv[2]
    workdir = tempfile.mkdtemp(prefix="builder-diff-")
    total_pass = total_fail = 0
    try:
        build(workdir)
        by_lang = collections.OrderedDict()
        for flavor, cases in corpus.items():
            by_lang.setdefault(LANGUAGE[flavor.split(".")[0]], []).append(flavor)
        for lang, flavors in by_lang.items():
            stdin = "".join(f"{fl}\t{field}\n" for fl in flavors for field, _ in corpus[fl])
            if lang == "js":
                stdin += "".join(f"edit\t{ops}\t{base}\n" for ops, base in edits)
            got = iter(run(harness(lang, workdir), stdin))
            for fl in flavors:
                passed = failed = 0
                for field, query in corpus[fl]:
                    real = next(got)
                    if real == query:
                        passed += 1
                        continue
                    failed += 1
                    if failed <= 5:
                        print(f"  MISMATCH {fl} pairs={decode_pairs(field)!r}\n"
                              f"    urlkit:  {query}\n    runtime: {real}")
                reached, missing = coverage(corpus[fl])
                print(f"{fl}: {passed} passed, {failed} failed ({reached})")
                if missing:
                    # A corpus that no longer reaches a case checks less than it says.
                    print(f"  {fl}: the generated lists reach no case of {', '.join(missing)}")
                    failed += 1
                total_pass += passed
                total_fail += failed
            if lang == "js":
                hrefs = list(got)
                passed = failed = notes = 0
                for (ops, base), (own, js), href in zip(edits, urlkit_edits(urlkit, edits),
                                                         hrefs):
                    want_note = href if own.get("uri") != href else None
                    ok = js.get("uri") == href and own.get("browser_rewrite") == want_note
                    notes += want_note is not None
                    if ok:
                        passed += 1
                        continue
                    failed += 1
                    if failed <= 5:
                        print(f"  MISMATCH edit base={bytes.fromhex(base).decode()!r} ops={ops}\n"
                              f"    node:         {href}\n"
                              f"    urlkit js:    {js.get('uri')}\n"
                              f"    urlkit own:   {own.get('uri')}\n"
                              f"    urlkit note:  {own.get('browser_rewrite')}")
                print(f"edits (url.searchParams): {passed} passed, {failed} failed "
                      f"({notes} of them with the browser-rewrite note)")
                if not 0 < notes < len(edits):
                    print("  edits: the generated edits need cases with and without the note")
                    failed += 1
                total_pass += passed
                total_fail += failed
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    print(f"{total_pass} passed, {total_fail} failed")
    sys.exit(1 if total_fail else 0)


if __name__ == "__main__":
    main()
