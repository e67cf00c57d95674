#!/usr/bin/env python3
"""The reference for the reconcile benchmark: what the seed's tool did after its fix.

    python3 bench/reconcile_reference.py LEFT.txt RIGHT.txt > missing.txt

Both lists are decoded with urllib.parse.unquote() and joined as sets (a dict keeps each key's
first URL as written, so the missing pages can be printed as the list wrote them). Prints the
URLs only in LEFT on stdout, and the counts on stderr.
"""
import sys
from urllib.parse import unquote


def load(path):
    keyed = {}
    records = 0
    with open(path, encoding="utf-8") as f:
        for line in f:
            url = line.strip()
            if not url:
                continue
            records += 1
            keyed.setdefault(unquote(url), url)
    return keyed, records


def main():
    left, left_records = load(sys.argv[1])
    right, right_records = load(sys.argv[2])
    matched = left.keys() & right.keys()
    only_left = [url for key, url in left.items() if key not in right]
    only_right = sum(1 for key in right if key not in left)
    out = sys.stdout
    for url in only_left:
        out.write(url + "\n")
    print(
        "left %d right %d matched %d only_left %d only_right %d"
        % (left_records, right_records, len(matched), len(only_left), only_right),
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
