"""Component round trip on Python: each built URL split by urllib.parse.urlsplit, the path
segments decoded once with unquote, the query with parse_qsl, the fragment with unquote; every
value must come back exactly, and the host and port as built.

Input: the JSON lines of `cargo run --example build_corpus`. Prints mismatches and
"N passed, N failed".
"""
import json
import sys
from urllib.parse import parse_qsl, unquote, urlsplit

DEFAULT_PORTS = {"http": 80, "https": 443}


def check(case):
    url = case["url"]
    parts = urlsplit(url)
    got = {
        "scheme": parts.scheme,
        "host": parts.hostname,
        "port": parts.port,
        "segments": [unquote(s, errors="strict") for s in parts.path[1:].split("/")],
        "params": [list(p) for p in parse_qsl(parts.query, keep_blank_values=True,
                                               errors="strict")],
        "fragment": unquote(parts.fragment, errors="strict") if "#" in url else None,
    }
    host = case["ascii_host"].split(":")[0] if not case["ascii_host"].startswith("[") else \
        case["ascii_host"][1:case["ascii_host"].index("]")]
    want = {
        "scheme": case["scheme"],
        "host": host.lower(),
        "port": case["port"],
        "segments": case["segments"],
        "params": case["params"],
        "fragment": case["fragment"],
    }
    return got, want


def main():
    passed = failed = 0
    for line in sys.stdin:
        case = json.loads(line)
        got, want = check(case)
        if got == want:
            passed += 1
            continue
        failed += 1
        if failed <= 5:
            diff = {k: (got[k], want[k]) for k in got if got[k] != want[k]}
            print(f"  MISMATCH {case['url']}\n    (python, put in): {diff}")
    print(f"python urlsplit + parse_qsl: {passed} URLs gave every component back")
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed or not passed else 0)


main()
