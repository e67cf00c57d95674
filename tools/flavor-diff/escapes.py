#!/usr/bin/env python3
"""`urlkit encode --escapes --as FLAVOR` against the real runtimes: generated texts with
\\uXXXX (lone surrogates and pairs), \\u{X...}, \\xHH (raw bytes) and \\\\ go through the CLI,
one process per flavor; the strings they stand for go through each real function (run.py's
harnesses, one process per flavor); every output and error must agree. A string a language
cannot hold (a raw byte for JavaScript or Java, a lone surrogate for PHP, Go, Ruby, Perl)
must be refused by urlkit as not-text.

Usage: escapes.py URLKIT_BINARY [COUNT]
"""
import json
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
UTF16_LANGS = ("js", "java", "python")


def generate(count, seed=20261202):
    r = random.Random(seed)
    tokens = [
        lambda: r.choice("abcXYZ09-._~!*'() /?#&=+%"),
        lambda: r.choice(["é", "日", "本", "😀", "\u00a0"]),
        lambda: "\\u%04X" % r.randint(0xD800, 0xDFFF),
        lambda: "\\uD83D\\uDE00",
        lambda: "\\u{%X}" % r.choice([0x41, 0xE9, 0x65E5, 0x1F600, 0xD800, 0xDC00]),
        lambda: "\\x%02X" % r.randint(0x80, 0xFF),
        lambda: "\\x%02x" % r.randint(0x20, 0x7E),
        lambda: "\\\\",
    ]
    weights = [40, 12, 10, 4, 8, 10, 6, 4]
    return ["".join(r.choices(tokens, weights)[0]() for _ in range(r.randint(1, 8))) for _ in range(count)]


def units(text):
    """The text's escapes read as urlkit documents them: (kind, value) per unit."""
    out, i = [], 0
    while i < len(text):
        c = text[i]
        if c != "\\":
            out.append(("c", c)); i += 1; continue
        n = text[i + 1]
        if n == "\\":
            out.append(("c", "\\")); i += 2
        elif n == "x":
            v = int(text[i + 2:i + 4], 16); i += 4
            out.append(("c", chr(v)) if v < 0x80 else ("b", v))
        elif text[i + 2] == "{":
            end = text.index("}", i)
            push(out, int(text[i + 3:end], 16)); i = end + 1
        else:
            push(out, int(text[i + 2:i + 6], 16)); i += 6
    return out


def push(out, v):
    if 0xDC00 <= v < 0xE000 and out and out[-1][0] == "s" and 0xD800 <= out[-1][1] < 0xDC00:
        high = out.pop()[1]
        out.append(("c", chr(0x10000 + ((high - 0xD800) << 10) + (v - 0xDC00))))
    elif 0xD800 <= v < 0xE000:
        out.append(("s", v))
    else:
        out.append(("c", chr(v)))


def model(us):
    kinds = {k for k, _ in us}
    if "s" in kinds and "b" in kinds:
        return "both"
    if "b" in kinds:
        try:
            bytes_of(us).decode("utf-8")
            return "text"  # raw bytes that spell UTF-8 are that text
        except UnicodeDecodeError:
            return "bytes"
    return "utf16" if "s" in kinds else "text"


def utf16_hex(us):
    h = ""
    for k, v in us:
        if k == "s":
            h += "%04x" % v
        else:
            for j in range(0, len(b := v.encode("utf-16-be")), 2):
                h += b[j:j + 2].hex()
    return h


def bytes_of(us):
    return b"".join(v.encode() if k == "c" else bytes([v]) for k, v in us)


def main():
    urlkit = sys.argv[1]
    texts = generate(int(sys.argv[2]) if len(sys.argv) > 2 else 600)
    flavors = [f["name"] for f in map(json.loads, subprocess.run([urlkit, "--json", "flavors"], capture_output=True, text=True, check=True).stdout.splitlines())
               if f["direction"] == "encode" and f["name"] not in ("oauth1", "aws.sigv4")]
    lines, refused, bad = [], 0, 0
    stdin = "".join(t + "\n" for t in texts)
    for flavor in flavors:
        lang = flavor.split(".", 1)[0]
        got = subprocess.run([urlkit, "--json", "encode", "--escapes", "--as", flavor], input=stdin,
                             capture_output=True, text=True).stdout.splitlines()
        assert len(got) == len(texts), (flavor, len(got))
        for text, line in zip(texts, got):
            rec = json.loads(line)
            us = units(text)
            m = model(us)
            holds = m == "text" or (m == "utf16" and lang in UTF16_LANGS) or (m == "bytes" and (lang not in UTF16_LANGS or lang == "python"))
            if m == "both" or not holds:
                want = "surrogates-and-bytes" if m == "both" else "not-text"
                if rec["ok"] or rec["error"]["kind"] != want:
                    bad += 1
                    print(f"  MISMATCH {flavor} {text!r}: urlkit should refuse it ({want}), gave {rec}")
                else:
                    refused += 1
                continue
            if m == "text" and any(k == "b" for k, _ in us):
                us = [("c", bytes_of(us).decode("utf-8"))]
            if lang in UTF16_LANGS and not (m == "bytes"):
                inp = utf16_hex(us)
            elif lang == "python":
                inp = "b:" + bytes_of(us).hex()
            else:
                inp = bytes_of(us).hex()
            if rec["ok"]:
                out = rec["output"]
                res = out.encode("utf-16-be").hex() if lang in ("js", "java") else out.encode().hex()
                lines.append(f"{flavor}\t{inp}\tok\t{res}")
            else:
                lines.append(f"{flavor}\t{inp}\terr\t{rec['error']['message'].encode().hex()}")
    print(f"escapes: {len(texts)} escaped texts x {len(flavors)} encoders; {refused} refused as no string of that language, {bad} wrongly")
    with tempfile.NamedTemporaryFile("w", suffix=".tsv", delete=False) as f:
        f.write("".join(l + "\n" for l in lines))
    rc = subprocess.run([sys.executable, os.path.join(HERE, "run.py"), f.name]).returncode
    os.unlink(f.name)
    sys.exit(1 if bad or rc else 0)


main()
