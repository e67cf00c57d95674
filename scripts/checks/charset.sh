#!/usr/bin/env bash
# Differential check of legacy-charset reading and repair against Python's codecs, on generated
# Japanese and Chinese text:
#   - the texts are drawn from the standards' own common subsets, enumerated by Python's codecs
#     (JIS X 0208 kana rows 4-5 and level-1 rows 16-47 via euc_jp; GB 2312 level-1 rows 16-55
#     via gb2312; Big5 level 1, 0xA440..0xC67E, via big5);
#   - Python encodes each text in shift_jis, euc_jp, gbk and big5 and percent-encodes the bytes;
#   - `urlkit decode --charset X` must give the text back;
#   - `urlkit repair` must never give a wrong text: a repaired URL is the text in UTF-8
#     (Python's quote of its UTF-8 bytes), and the candidate of the charset the text was
#     written in counts every character in the level-1/kana area of its standard.
# Prints how many URLs each charset's text was repaired (vs left ambiguous).
set -euo pipefail
cd "$(dirname "$0")/../.."

command -v python3 >/dev/null 2>&1 || { echo "python3 is required"; exit 1; }
cargo build -q -p urlkit-cli
bin=${CARGO_TARGET_DIR:-target}/debug/urlkit
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$work" <<'PY'
import json, random, sys, urllib.parse
work = sys.argv[1]
rnd = random.Random(20260401)

def rows(codec, rows_, lead_base=0xA0):
    out = []
    for row in rows_:
        for cell in range(1, 95):
            try:
                out.append(bytes([lead_base + row, 0xA0 + cell]).decode(codec))
            except UnicodeDecodeError:
                pass
    return out

kana = rows("euc_jp", [4, 5])
kanji = rows("euc_jp", range(16, 48))
ja = kana + kanji
hans = rows("gb2312", range(16, 56))
hant = []
for code in range(0xA440, 0xC67F):
    lo = code & 0xFF
    if not (0x40 <= lo <= 0x7E or 0xA1 <= lo <= 0xFE):
        continue
    try:
        hant.append(bytes([code >> 8, lo]).decode("big5"))
    except UnicodeDecodeError:
        pass

cases = [("shift_jis", "shift_jis", "Shift_JIS", ja, "JIS X 0208 level 1 or kana"),
         ("euc_jp", "euc-jp", "EUC-JP", ja, "JIS X 0208 level 1 or kana"),
         ("gbk", "gbk", "gb18030", hans, "GB 2312 level 1"),
         ("big5", "big5", "Big5", hant, "Big5 level 1")]
meta = []
for py, label, name, pool, area in cases:
    # Japanese is written about half in kana: draw kana and kanji evenly.
    draw = (lambda: rnd.choice(kana if rnd.random() < 0.5 else kanji)) if pool is ja else (lambda: rnd.choice(pool))
    texts = ["".join(draw() for _ in range(rnd.randint(2, 8))) for _ in range(300)]
    enc = [urllib.parse.quote(t.encode(py), safe="") for t in texts]
    # Bytes that happen to be valid UTF-8 are never reread: remember which.
    utf8 = []
    for t in texts:
        try:
            t.encode(py).decode("utf-8")
            utf8.append(True)
        except UnicodeDecodeError:
            utf8.append(False)
    with open(f"{work}/{py}.isutf8", "w") as f:
        json.dump(utf8, f)
    with open(f"{work}/{py}.pct", "w") as f:
        f.write("\n".join(enc) + "\n")
    with open(f"{work}/{py}.urls", "w") as f:
        f.write("\n".join("https://example.com/?q=" + e for e in enc) + "\n")
    with open(f"{work}/{py}.want", "w") as f:
        f.write("\n".join(texts) + "\n")
    with open(f"{work}/{py}.utf8", "w") as f:
        f.write("\n".join("https://example.com/?q=" + urllib.parse.quote(t.encode("utf-8"), safe="")
                          for t in texts) + "\n")
    meta.append({"py": py, "label": label, "name": name, "area": area,
                 "pool": len(pool)})
json.dump(meta, open(f"{work}/meta.json", "w"))
PY

fail=0
for row in $(python3 -c 'import json,sys; [print(m["py"]+":"+m["label"]) for m in json.load(open(sys.argv[1]))]' "$work/meta.json"); do
  py=${row%%:*}; label=${row#*:}
  "$bin" decode --charset "$label" < "$work/$py.pct" > "$work/$py.got"
  if cmp -s "$work/$py.want" "$work/$py.got"; then
    echo "ok   python $py encode = urlkit decode --charset $label ($(wc -l < "$work/$py.want") texts)"
  else
    echo "FAIL python $py encode vs urlkit decode --charset $label"; diff "$work/$py.want" "$work/$py.got" | head -10; fail=1
  fi
  # Repair exits 1 when some URL stays ambiguous: that is counted, not a failure.
  "$bin" --json repair < "$work/$py.urls" > "$work/$py.json" 2>/dev/null || true
done

python3 - "$work" <<'PY' || fail=1
import json, sys
work = sys.argv[1]
bad = 0
for m in json.load(open(f"{work}/meta.json")):
    py = m["py"]
    wants = open(f"{work}/{py}.utf8").read().splitlines()
    texts = open(f"{work}/{py}.want").read().splitlines()
    recs = [json.loads(l) for l in open(f"{work}/{py}.json")]
    assert len(recs) == len(wants), (py, len(recs), len(wants))
    isutf8 = json.load(open(f"{work}/{py}.isutf8"))
    repaired = wrong = area_bad = as_utf8 = 0
    for rec, want, text, u8 in zip(recs, wants, texts, isutf8):
        if u8:
            # Valid UTF-8 by chance: must be left exactly as it is.
            as_utf8 += 1
            if rec["verdict"] != "unchanged" or rec["output"] != rec["input"]:
                wrong += 1
                print(f"  REREAD {py}: {text!r} is valid UTF-8 but was {rec['verdict']}")
            continue
        if rec["verdict"] == "repaired":
            repaired += 1
            if rec["output"] != want:
                wrong += 1
                if wrong <= 5:
                    print(f"  WRONG {py}: {text!r} read as {rec.get('charset')}: {rec['output']}")
        elif rec["output"] != rec["input"]:
            wrong += 1
        mine = [c for c in rec["candidates"] if m["name"] == c["charset"] or m["name"] in c["same_as"]]
        reasons = [e["reason"] for c in mine for e in c["evidence"]]
        n = len(text)
        plural = "character" if n == 1 else "characters"
        if f"{n} {plural}: {m['area']}" not in reasons:
            area_bad += 1
            if area_bad <= 3:
                print(f"  AREA {py}: {text!r}: {reasons}")
    status = "ok  " if wrong == 0 and area_bad == 0 else "FAIL"
    print(f"{status} python {py}: {repaired}/{len(recs)} repaired, {len(recs) - repaired - as_utf8} ambiguous, "
          f"{as_utf8} valid UTF-8 by chance (kept), {wrong} wrong, {area_bad} with the wrong area "
          f"(pool of {m['pool']} characters)")
    bad += wrong + area_bad
sys.exit(1 if bad else 0)
PY

exit "$fail"
