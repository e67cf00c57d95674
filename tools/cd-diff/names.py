#!/usr/bin/env python3
"""Writes N generated file names, one per line (seeded): any Unicode (Latin-1, CJK, astral,
combining marks, controls other than CR and LF), weighted towards the characters that break
Content-Disposition values: '"' '\\' '%' ';' ',' '=' "'" '*' space.

Usage: names.py N [SEED]
"""
import random
import sys

HARD = list("\"\\%;,='* ()<>@:/?[]{}\t") + ["%25", "%E6", "''", "UTF-8''", "\\\""]
POOLS = [
    (30, lambda r: chr(r.randint(0x21, 0x7E))),
    (14, lambda r: r.choice(HARD)),
    (8, lambda r: chr(r.randint(0xA0, 0xFF))),
    (14, lambda r: chr(r.randint(0x3041, 0x30FA))),
    (12, lambda r: chr(r.randint(0x4E00, 0x9FFF))),
    (5, lambda r: chr(r.randint(0x0300, 0x036F))),
    (6, lambda r: chr(r.randint(0x1F300, 0x1FAFF))),
    (3, lambda r: chr(r.choice([*range(0x01, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20), 0x7F, 0x85, 0x9F]))),
    (4, lambda r: chr(r.randint(0x0100, 0x07FF))),
    (4, lambda r: chr(r.choice([0x2028, 0x2029, 0x202E, 0x200B, 0xFFFD, 0x3000]))),
]
WEIGHTS = [w for w, _ in POOLS]
EXTS = ["", ".pdf", ".txt", ".tar.gz", ".xlsx", ".", ".日本"]


def name(r: random.Random) -> str:
    n = r.randint(1, 16)
    stem = "".join(r.choices(POOLS, WEIGHTS)[0][1](r) for _ in range(n))
    return stem + r.choice(EXTS)


def main() -> None:
    count = int(sys.argv[1])
    r = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 6266)
    fixed = ["見積書.pdf", "Übersicht \"2026\".xlsx", "a\\b.txt", "😀 emoji.png", "100%.txt", "a;b.txt", "報告書 2026.pdf"]
    out = fixed + [name(r) for _ in range(count - len(fixed))]
    sys.stdout.write("".join(s + "\n" for s in out))


main()
