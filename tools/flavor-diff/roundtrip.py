#!/usr/bin/env python3
"""The round-trip matrix on the real runtimes, compared cell by cell with urlkit's.

Usage: roundtrip.py MATRIX_JSONL
MATRIX_JSONL is the output of `urlkit roundtrip --json`: one record per (value, component,
encoder, decoder). Every encoder runs on every value in its real runtime (one process per
encoder, the harnesses of run.py), the encoded text is placed in the component and split out
as a server does (implemented here independently of urlkit), and every piece runs through
every decoder in its real runtime (one process per decoder). Each cell's encoded text,
decoded text or error message, segments and exactness must equal urlkit's. Prints counts and
a closing "N passed, N failed".
"""
import collections
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run import build, harness  # noqa: E402  (the flavor check's harnesses, reused)

UTF16_IN = ("js", "java", "python", "oauth1", "aws")
UTF16_OUT = ("js", "java")


def lang(flavor):
    return flavor.split(".", 1)[0]


def to_input(flavor, text):
    """A line for the flavor's harness: UTF-16 code units or UTF-8 bytes, as hex."""
    if lang(flavor) in UTF16_IN:
        return text.encode("utf-16-be").hex()
    return text.encode("utf-8").hex()


def from_output(flavor, hex_text):
    """A harness's "ok" result as (lossy text, is_text)."""
    raw = bytes.fromhex(hex_text)
    if lang(flavor) in UTF16_OUT:
        s = raw.decode("utf-16-be", "surrogatepass")
    else:
        try:
            s = raw.decode("utf-8", "surrogatepass")
        except UnicodeDecodeError:
            return raw.decode("utf-8", "replace"), False
    clean = "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in s)
    return clean, clean == s


def run_batch(flavor, texts, workdir):
    """Runs a flavor's harness over texts; returns {text: ("ok", value) | ("err", message)}."""
    texts = list(dict.fromkeys(texts))
    stdin = "".join(to_input(flavor, t) + "\n" for t in texts)
    proc = subprocess.run(harness(flavor, workdir), input=stdin, capture_output=True, text=True,
                          check=False)
    lines = proc.stdout.split("\n")[:-1]
    if proc.returncode != 0 or len(lines) != len(texts):
        raise SystemExit(f"{flavor}: harness failed (exit {proc.returncode}, {len(lines)} of "
                         f"{len(texts)} results): {proc.stderr.strip()[:500]}")
    out = {}
    for t, line in zip(texts, lines):
        status, _, result = line.partition("\t")
        if status == "ok":
            out[t] = ("ok", from_output(flavor, result))
        else:
            out[t] = ("err", bytes.fromhex(result).decode("utf-8", "replace"))
    return out


def remove_dot_segments(path):
    """RFC 3986 §5.2.4, written from the RFC's steps."""
    inp, out = path, []
    while inp:
        if inp.startswith("../"):
            inp = inp[3:]
        elif inp.startswith("./"):
            inp = inp[2:]
        elif inp.startswith("/./"):
            inp = "/" + inp[3:]
        elif inp == "/.":
            inp = "/"
        elif inp.startswith("/../"):
            inp = "/" + inp[4:]
            if out:
                out.pop()
        elif inp == "/..":
            inp = "/"
            if out:
                out.pop()
        elif inp in (".", ".."):
            inp = ""
        else:
            start = 1 if inp.startswith("/") else 0
            end = inp.find("/", start)
            end = len(inp) if end < 0 else end
            out.append(inp[:end])
            inp = inp[end:]
    return "".join(out)


def received(component, encoded):
    """What a server hands its decoder when `encoded` is put in the component."""
    if component == "query-value":
        cut = [i for i in (encoded.find("&"), encoded.find("#")) if i >= 0]
        return [encoded[:min(cut)] if cut else encoded]
    cut = [i for i in (encoded.find("?"), encoded.find("#")) if i >= 0]
    path = "/" + (encoded[:min(cut)] if cut else encoded)
    return remove_dot_segments(path)[1:].split("/")


def main():
    cells = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8")]
    values = list(dict.fromkeys(c["value"] for c in cells))
    encoders = list(dict.fromkeys(c["encoder"] for c in cells))
    decoders = list(dict.fromkeys(c["decoder"] for c in cells))
    workdir = tempfile.mkdtemp(prefix="roundtrip-")
    try:
        build(workdir)
        encoded = {e: run_batch(e, values, workdir) for e in encoders}
        pieces = collections.defaultdict(list)
        for e in encoders:
            for v in values:
                status, result = encoded[e][v]
                if status == "ok":
                    for comp in ("path-segment", "query-value"):
                        pieces[comp].extend(received(comp, result[0]))
        all_pieces = [p for comp in pieces for p in pieces[comp]]
        decoded = {d: run_batch(d, all_pieces, workdir) for d in decoders}
    finally:
        shutil.rmtree(workdir, ignore_errors=True)

    passed = failed = lossy = 0
    per_comp = collections.Counter()
    shown = 0
    for c in cells:
        status, result = encoded[c["encoder"]][c["value"]]
        want = {"encoded": None, "error": None, "decoded": None, "segments": None, "exact": False}
        if status == "err":
            want["error"] = result
        else:
            enc = result[0]
            want["encoded"] = enc
            parts, texts, all_text, error = received(c["component"], enc), [], True, None
            for p in parts:
                s, r = decoded[c["decoder"]][p]
                if s == "err":
                    error = r
                    break
                texts.append(r[0])
                all_text &= r[1]
            if error is not None:
                want["error"] = error
            else:
                want["decoded"] = "/".join(texts)
                if len(texts) > 1:
                    want["segments"] = texts
                want["exact"] = len(texts) == 1 and all_text and texts[0] == c["value"]
        got = {k: c.get(k) for k in want}
        if got == want:
            passed += 1
            lossy += not want["exact"]
            per_comp[c["component"]] += 1
            continue
        failed += 1
        if shown < 10:
            shown += 1
            print(f"  MISMATCH {c['component']} {c['encoder']} -> {c['decoder']} value={c['value']!r}\n"
                  f"    urlkit:  {got}\n    runtime: {want}")
    print(f"roundtrip matrix: {len(values)} values x {len(encoders)} encoders x {len(decoders)} "
          f"decoders x 2 components; cells agreeing: "
          + ", ".join(f"{k} {n}" for k, n in sorted(per_comp.items()))
          + f"; {lossy} of the agreeing cells lose data")
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed or not passed else 0)


if __name__ == "__main__":
    main()
