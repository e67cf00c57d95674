"""Writes the static site of scripts/checks/redirects.sh and prints the URL path of each page.

Each page is a directory (or a file) named with the decoded characters, as a site's files are
on disk, and declares its canonical (path and query) in the spelling a WordPress-like site
writes: lowercase hex, except one page listed and declared in uppercase hex. The paths hold
Japanese, a Latin letter with a digit after its escape (`%202`: an Apache back-reference if
written raw), `%25` itself, raw sub-delimiters, a query, a file page and nested segments.

Usage: python3 redirect_site.py ROOT  (prints one path a line: the URL as listed)
"""

import os
import sys
from urllib.parse import quote


def lower_hex(s):
    out, i = [], 0
    while i < len(s):
        if s[i] == "%":
            out.append(s[i : i + 3].lower())
            i += 3
        else:
            out.append(s[i])
            i += 1
    return "".join(out)


# (path on disk, query, hex case of the listed URL and its canonical)
PAGES = [
    ("運営者情報/", "", "lower"),
    ("ログインできない時の対処/", "", "upper"),
    ("café 2/", "", "lower"),
    ("100%/", "", "lower"),
    ("a+b(c)/", "", "lower"),
    ("search/", "q=" + quote("あ"), "lower"),
    ("文書.html", "", "lower"),
    ("ü/ß/", "", "lower"),
]


def main():
    root = sys.argv[1]
    for disk, query, case in PAGES:
        path = "/" + quote(disk, safe="/+()")
        if query:
            path += "?" + query
        if case == "lower":
            path = lower_hex(path)
        file = os.path.join(root, disk, "index.html") if disk.endswith("/") else os.path.join(root, disk)
        os.makedirs(os.path.dirname(file), exist_ok=True)
        with open(file, "w", encoding="utf-8") as f:
            f.write(
                "<!doctype html><html><head><meta charset=utf-8><title>page</title>"
                f'<link rel="canonical" href="{path}"></head><body>page</body></html>\n'
            )
        print(path)


main()
