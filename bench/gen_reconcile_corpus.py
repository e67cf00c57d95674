#!/usr/bin/env python3
"""Generates the two URL lists of the reconcile benchmark (deterministic).

    python3 bench/gen_reconcile_corpus.py OUT_DIR [N]

Writes OUT_DIR/left.txt and OUT_DIR/right.txt, N URLs each (default 1,000,000), the same
pages written the ways real sources write them: raw Japanese (sitemaps, browsers), uppercase
hex (Python's quote(), most tools), lowercase hex (WordPress `link`s). 1% of each side's pages
are truly missing from the other side; every other page is on both sides, usually in a
different form. Only spellings on which Python's unquote() and urlkit's `safe` level agree are
used (no %2F, no host case), so both tools must find exactly the same missing pages; the
expected counts are written to OUT_DIR/expected.txt.
"""
import os
import random
import sys
from urllib.parse import quote

WORDS = [
    "運営者情報", "ログインできない", "東京", "カフェ", "お問い合わせ", "プライバシーポリシー",
    "日本語", "使い方", "よくある質問", "新着情報", "料金プラン", "会社概要", "採用情報",
    "percent-encoding", "wordpress", "sitemap", "rest-api", "url", "guide", "2026",
]
SECTIONS = ["", "tag/", "category/", "blog/2026/", "docs/"]


def page(i, rng):
    words = "-".join(rng.choice(WORDS) for _ in range(1 + rng.randrange(3)))
    return "%s%s-%d/" % (rng.choice(SECTIONS), words, i)


def spell(path, form):
    if form == 0:
        return "https://example.com/" + path
    encoded = quote(path, safe="/-")
    if form == 2:
        encoded = encoded.replace("%", "\x00")
        out = []
        parts = encoded.split("\x00")
        out.append(parts[0])
        for p in parts[1:]:
            out.append("%" + p[:2].lower() + p[2:])
        encoded = "".join(out)
    return "https://example.com/" + encoded


def main():
    out = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
    os.makedirs(out, exist_ok=True)
    rng = random.Random(20261019)
    missing = n // 100
    # Pages 0..n-1 are on the left; pages missing..n+missing-1 on the right: the first `missing`
    # pages are only on the left, the last `missing` only on the right.
    pages = [page(i, rng) for i in range(n + missing)]
    with open(os.path.join(out, "left.txt"), "w", encoding="utf-8") as f:
        for i in range(n):
            f.write(spell(pages[i], rng.randrange(3)) + "\n")
    order = list(range(missing, n + missing))
    rng.shuffle(order)
    with open(os.path.join(out, "right.txt"), "w", encoding="utf-8") as f:
        for i in order:
            f.write(spell(pages[i], rng.randrange(3)) + "\n")
    with open(os.path.join(out, "expected.txt"), "w") as f:
        f.write("left %d right %d matched %d only_left %d only_right %d\n"
                % (n, n, n - missing, missing, missing))


if __name__ == "__main__":
    main()
