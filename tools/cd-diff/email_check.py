#!/usr/bin/env python3
"""Reads back every value `urlkit content-disposition --json` wrote with Python's email
package (compat32 Message.get_params): the RFC 2231 `filename*` parameter must give the name
back, and the plain `filename` must be there, printable ISO-8859-1 (the fallback, or with
--fallback exactly the one given).

Usage: email_check.py NAMES_FILE RECORDS_FILE [FALLBACK]
Prints mismatches and "N passed, N failed".
"""
import json
import sys
from email.message import Message
from email.utils import collapse_rfc2231_value


def read_back(value):
    m = Message()
    m["Content-Disposition"] = value
    plain = ext = None
    for key, v in m.get_params(header="content-disposition")[1:]:
        if key != "filename":
            continue
        if isinstance(v, tuple):
            ext = collapse_rfc2231_value(v)
        else:
            plain = collapse_rfc2231_value(v)
    return plain, ext


def main():
    names = open(sys.argv[1], encoding="utf-8").read().split("\n")[:-1]
    records = [json.loads(l) for l in open(sys.argv[2], encoding="utf-8")]
    given = sys.argv[3] if len(sys.argv) > 3 else None
    passed = failed = 0
    for name, rec in zip(names, records, strict=True):
        plain, ext = read_back(rec["output"]) if rec["ok"] else (None, None)
        needs_ext = any(not (0x20 <= ord(c) < 0x7F) or c in '"\\' for c in name)
        ok = rec["ok"] and plain is not None and all(0x20 <= ord(c) <= 0xFF and c != "\x7f" for c in plain)
        if needs_ext:
            ok = ok and ext == name and (given is None or plain == given)
        else:
            ok = ok and plain == name and ext is None
        if ok:
            passed += 1
            continue
        failed += 1
        if failed <= 5:
            print(f"  MISMATCH {name!r}\n    value: {rec.get('output')}\n    read:  filename={plain!r} filename*={ext!r}")
    label = f"email package, --fallback {given!r}" if given else "email package"
    print(f"{label}: {passed} of {len(names)} values give their name (filename*) and a printable fallback (filename)")
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


main()
