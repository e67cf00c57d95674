"""Differential check of urlkit's mojibake repair against ftfy and Python's codecs.

Words of many languages (real spellings, below) are written in UTF-8 and decoded by Python's
codecs in the charsets software misreads UTF-8 in, once and twice, strictly and with
errors="replace" (a lost byte). Every word and every such mojibake goes through
`urlkit repair --text --json` and, as a raw path segment, through `urlkit repair --json`;
ftfy.fix_encoding reads the same mojibake. The laws:

  1. a word as written is never changed (both doors);
  2. a repair is never wrong: a repaired text is the word;
  3. a text that lost a byte is never repaired (it is reported);
  4. where ftfy gives the word back, urlkit does too (the cases where both apply), except
     the divergences listed in DIVERGENCES with a reason;
  5. where urlkit gives the word back and ftfy does not, the case is counted (ftfy has no
     double-byte misreadings, and its heuristic skips some short words).

Usage: python3 mojibake.py URLKIT_BINARY
"""

import json
import subprocess
import sys
import urllib.parse

import ftfy

WORDS = """
café naïve résumé élève Noël façade garçon déjà où août hôtel HÔTEL crème brûlée
Straße Müller Größe Übung schön Äpfel Köln München Zürich
año niño señor mañana corazón canción pingüino
ação coração informação não São Paulo João
łódź Kraków żółć źdźbło Gdańsk zażółć
příliš žluťoučký kůň úpěl ďábelské Čeština Brno
İstanbul ğüşıöç Şişli Ağrı
în București Timișoara ştiinţă
Tiếng Việt Hà Nội Phở Đà Nẵng
Þórsmörk Reykjavík Ísland
Lietuvių Vilnius Šiauliai
Magyarország Győr Pécs ő ű
Ελληνικά Αθήνα καλημέρα Θεσσαλονίκη
русский Москва поиск привет Санкт-Петербург ёлка
українська Київ їжак ґанок
српски Београд Ђорђе
עברית שלום ירושלים
العربية مرحبا القاهرة
हिन्दी नमस्ते दिल्ली
தமிழ் சென்னை
ภาษาไทย สวัสดี กรุงเทพ
日本語 こんにちは 東京 開発ブログ 運営者情報 ログインできない 料金プラン 会社概要 検索 お問い合わせ
中文 简体中文 北京 连衣裙 繁體中文 臺北 網站
한국어 서울 안녕하세요 개발 검색
€uro ™ “quoted” ‘single’ — – … • ½ ¼ ° ± × ÷ © ® ¶ §
😀 🎉 👍
""".split()

SINGLE = ["latin-1", "cp1252", "cp1250", "cp1251", "cp1253", "cp1254", "cp1257", "iso-8859-2",
          "mac_roman", "cp437"]
DOUBLE = ["shift_jis", "gbk", "big5", "cp949"]

# Cases where ftfy gives the word back and urlkit does not, each with the reason.
END = ("one character at the end of a word through a Central European, Baltic or DOS charset: "
       "real words end so too (ftfy's own negative NICIODATĂ™), and urlkit takes one character "
       "there only with a symbol inside the word or a lowercase word around it")
ALONE = ("one character alone (no word around it) through a non-Western charset: too little "
         "evidence for urlkit (ftfy's heuristic takes it)")
TWICE = ("the same one character under a second layer: the inner layer has too little evidence "
         "(see the single layer), so the chain is kept as written rather than half undone")
DIVERGENCES = {
    'cp1250/strict cafĂ©': END,
    'cp1250+cp1250 cafÄ‚Â©': TWICE,
    'cp437/strict caf├⌐': END,
    'cp437+cp437 cafΓö£ΓîÉ': TWICE,
    'cp1257/strict oĆ¹': END,
    'cp1257+cp1257 oÄ†Ā¹': TWICE,
    'iso-8859-2/strict Ĺ\x91': ALONE,
    'iso-8859-2+iso-8859-2 ÄšÂ\x91': TWICE,
    'cp437/strict ┼æ': ALONE,
    'cp437+cp437 Γö╝├ª': TWICE,
    'cp1250/strict Ĺ±': ALONE,
    'cp1250+cp1250 ÄąÂ±': TWICE,
    'iso-8859-2/strict Ă\x97': ALONE,
    'iso-8859-2+iso-8859-2 Ä\x82Â\x97': TWICE,
    'cp437/strict ├ù': ALONE,
    'cp437+cp437 Γö£├╣': TWICE,
    'cp437/strict ┬⌐': ALONE,
    'cp437+cp437 Γö¼ΓîÉ': TWICE,
    'cp437/strict ┬«': ALONE,
    'cp437+cp437 Γö¼┬½': TWICE,
    'cp437/strict ┬º': ALONE,
    'cp437+cp437 Γö¼┬║': TWICE,
}


def misreadings(word):
    """(label, mojibake) pairs of `word`: one and two layers, strict and lossy."""
    out = []
    data = word.encode("utf-8")
    for c in SINGLE + DOUBLE:
        for errors in ("strict", "replace"):
            try:
                once = data.decode(c, errors=errors)
            except UnicodeDecodeError:
                continue
            if once == word or (errors == "replace" and "\ufffd" not in once):
                continue
            out.append((f"{c}/{errors}", once))
            if errors == "strict" and c in SINGLE:
                try:
                    twice = once.encode("utf-8").decode(c)
                    out.append((f"{c}+{c}", twice))
                except UnicodeDecodeError:
                    pass
    return out


def segment(text):
    return "".join(urllib.parse.quote(ch, safe="") if ch in "#?%/" or ord(ch) < 0x20 else ch
                   for ch in text)


def run(binary, args, lines):
    p = subprocess.run([binary, "repair", "--json", *args], input="\n".join(lines) + "\n",
                       capture_output=True, text=True, check=False)
    if p.returncode not in (0, 1):
        sys.exit(f"urlkit repair {' '.join(args)} exited {p.returncode}: {p.stderr[-2000:]}")
    records = [json.loads(line) for line in p.stdout.splitlines()]
    if len(records) != len(lines):
        sys.exit(f"urlkit repair gave {len(records)} records for {len(lines)} lines")
    return records


def main():
    binary = sys.argv[1]
    cases = []  # (word, label, text)
    for w in WORDS:
        cases.append((w, "as written", w))
        for label, m in misreadings(w):
            if any(ch.isspace() for ch in m) or any(0x7F <= ord(ch) < 0xA0 and label.startswith("cp437") for ch in m):
                continue
            cases.append((w, label, m))
    texts = [t for _, _, t in cases]
    text_records = run(binary, ["--text"], texts)
    prefix = "https://example.com/"
    url_records = run(binary, [], [prefix + segment(t) for t in texts])
    failures = []
    stats = {"cases": 0, "both": 0, "ftfy_only": 0, "urlkit_only": 0, "neither": 0, "lossy": 0}
    for (word, label, text), tr, ur in zip(cases, text_records, url_records):
        stats["cases"] += 1
        ours_text = tr.get("output", text) if tr.get("verdict") == "repaired" else text
        ours_url = ur.get("output") if ur.get("verdict") == "repaired" else prefix + segment(text)
        for door, got, want_same in (("text", ours_text, text), ("url", ours_url, prefix + segment(text))):
            fixed = got != want_same
            want = word if door == "text" else prefix + segment(word)
            if label == "as written" and fixed:
                failures.append(f"law 1 ({door}): {word!r} was changed to {got!r}")
            elif fixed and got != want:
                failures.append(f"law 2 ({door}): {label} {text!r} repaired to {got!r}, not {want!r}")
            elif fixed and "\ufffd" in text:
                failures.append(f"law 3 ({door}): {label} {text!r} lost a byte but was repaired")
        if label == "as written":
            continue
        if any(s.get("action") == "lost-byte" for s in tr.get("steps", [])):
            stats["lossy"] += 1
        ftfy_ok = ftfy.fix_encoding(text) == word
        ours_ok = ours_text == word
        key = {(True, True): "both", (True, False): "ftfy_only", (False, True): "urlkit_only",
               (False, False): "neither"}[(ftfy_ok, ours_ok)]
        stats[key] += 1
        if ftfy_ok and not ours_ok:
            name = f"{label} {text}"
            if name not in DIVERGENCES:
                why = [s.get("message") for s in tr.get("steps", [])]
                failures.append(f"law 4: ftfy gives {word!r} for {label} {text!r}, urlkit does not ({why})")
    for name in DIVERGENCES:
        if not any(f"{label} {text}" == name for _, label, text in cases):
            failures.append(f"stale divergence: {name!r}")
    print("mojibake check: {cases} cases; word back from both {both}, only ftfy {ftfy_only}, "
          "only urlkit {urlkit_only}, neither {neither}; lost a byte (reported) {lossy}"
          .format(**stats))
    if failures:
        print("\n".join(failures[:80]))
        print(f"{len(failures)} failures")
        sys.exit(1)


if __name__ == "__main__":
    main()
