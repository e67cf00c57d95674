"""Builder harness (Python): urllib.parse.urlencode over the cases on stdin.

Input lines: `flavor TAB pairs` (pairs: `khex:vhex` joined by `,`). Output: one query per line.
"""
import sys
from urllib.parse import quote, urlencode


def pairs(field):
    if not field:
        return []
    out = []
    for item in field.split(","):
        k, v = item.split(":")
        out.append((bytes.fromhex(k).decode("utf-8"), bytes.fromhex(v).decode("utf-8")))
    return out


FNS = {
    "python.urlencode": lambda p: urlencode(p),
    "python.urlencode.quote": lambda p: urlencode(p, quote_via=quote),
}

out = []
for line in sys.stdin.read().split("\n")[:-1]:
    flavor, field = line.split("\t")
    out.append(FNS[flavor](pairs(field)))
sys.stdout.write("".join(q + "\n" for q in out))
