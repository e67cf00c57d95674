#!/usr/bin/env python3
"""Differential check: every flavor's corpus through urlkit and through the real runtime.

Usage: run.py CORPUS_FILE
CORPUS_FILE is the output of `cargo run --example flavor_corpus`: lines of
`flavor TAB input-hex TAB ok|err TAB result-hex` (urlkit's results). Each flavor's inputs go
to the real function in ONE process (the harnesses next to this file), and every output and
every error message must agree. Prints per-flavor counts and a closing "N passed, N failed".
"""
import collections
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def harness(flavor, workdir):
    lang = flavor.split(".", 1)[0]
    if lang == "js":
        return ["node", os.path.join(HERE, "js.js"), flavor]
    if lang == "python":
        return [sys.executable, os.path.join(HERE, "py.py"), flavor]
    if lang == "php":
        return ["php", os.path.join(HERE, "php.php"), flavor]
    if lang == "go":
        return [os.path.join(workdir, "go-harness"), flavor]
    if lang == "java":
        return ["java", "-cp", workdir, "Harness", flavor]
    if lang == "ruby":
        return ["ruby", os.path.join(HERE, "rb.rb"), flavor]
    if lang == "perl":
        return ["perl", os.path.join(HERE, "perl.pl"), flavor]
    if flavor in ("oauth1", "aws.sigv4"):
        # oauthlib and botocore live in the virtual environment of scripts/checks/signing.sh.
        python = os.environ.get("URLKIT_SIGNING_PYTHON", sys.executable)
        return [python, os.path.join(HERE, "signing.py"), flavor]
    raise SystemExit(f"no harness for {flavor}")


def build(workdir):
    """Compiles the Go and Java harnesses once, so each flavor batch is one plain process."""
    env = dict(os.environ, GOCACHE=os.path.join(workdir, "gocache"), GOFLAGS="-mod=mod")
    subprocess.run(["go", "build", "-o", os.path.join(workdir, "go-harness"),
                    os.path.join(HERE, "go.go")], check=True, env=env, cwd=workdir)
    subprocess.run(["javac", "-d", workdir, os.path.join(HERE, "Harness.java")], check=True)


def show(hex_text):
    try:
        return bytes.fromhex(hex_text).decode("utf-8", "backslashreplace")
    except ValueError:
        return hex_text


def main():
    corpus = collections.OrderedDict()
    with open(sys.argv[1], encoding="ascii") as f:
        for line in f:
            flavor, inp, status, result = line.rstrip("\n").split("\t")
            corpus.setdefault(flavor, []).append((inp, status, result))
    workdir = tempfile.mkdtemp(prefix="flavor-diff-")
    total_pass = total_fail = 0
    try:
        build(workdir)
        for flavor, cases in corpus.items():
            stdin = "".join(inp + "\n" for inp, _, _ in cases)
            proc = subprocess.run(harness(flavor, workdir), input=stdin, capture_output=True,
                                  text=True, check=False)
            got = proc.stdout.split("\n")[:-1]
            if proc.returncode != 0 or len(got) != len(cases):
                print(f"{flavor}: harness failed (exit {proc.returncode}, {len(got)} of "
                      f"{len(cases)} results): {proc.stderr.strip()[:500]}")
                total_fail += len(cases)
                continue
            passed = failed = errors = 0
            shown = 0
            for (inp, status, result), line in zip(cases, got):
                g_status, _, g_result = line.partition("\t")
                if (g_status, g_result) == (status, result):
                    passed += 1
                    errors += status == "err"
                    continue
                failed += 1
                if shown < 5:
                    shown += 1
                    print(f"  MISMATCH {flavor} input={inp}\n"
                          f"    urlkit:  {status} {show(result) if status == 'err' else result}\n"
                          f"    runtime: {g_status} {show(g_result) if g_status == 'err' else g_result}")
            print(f"{flavor}: {passed} passed ({errors} of them errors), {failed} failed")
            total_pass += passed
            total_fail += failed
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    print(f"{total_pass} passed, {total_fail} failed")
    sys.exit(1 if total_fail else 0)


if __name__ == "__main__":
    main()
