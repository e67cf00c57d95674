//! Laws of `charset::repair`:
//! - a URL whose runs are all clean UTF-8 (text of real scripts, percent-encoded in either hex
//!   case, or raw as an IRI) is never changed, whatever its TLD;
//! - a repair is idempotent: repairing a repaired URL changes nothing;
//! - when repair names the charset the text was written in, the output is that text in UTF-8;
//! - a valid UTF-8 run, whatever its characters (Latin-1 symbols and C1 controls included,
//!   the shapes mojibake takes), is never given a legacy reading: it changes only by undoing
//!   mojibake;
//! - on arbitrary escaped bytes (the fuzz target's law), repair is idempotent.

use proptest::prelude::*;
use urlkit::charset::repair::{repair, Action, Verdict};

/// Characters of real scripts. Latin-1's letters are all >= U+00C0, so no text made of them
/// has the shape of Latin-1 mojibake (which needs U+0080..=U+00BF after a lead).
fn script_char() -> impl Strategy<Value = char> {
    let ranges: Vec<(u32, u32)> = vec![
        (0x3041, 0x3096),   // hiragana
        (0x30A1, 0x30FA),   // katakana
        (0x4E00, 0x9FFF),   // CJK unified ideographs
        (0xAC00, 0xD7A3),   // Hangul syllables
        (0x0410, 0x044F),   // Cyrillic
        (0x03B1, 0x03C9),   // Greek
        (0x00C0, 0x00FF),   // Latin-1 letters
        (0x1F600, 0x1F64F), // emoji
        (0x0E01, 0x0E30),   // Thai
    ];
    prop::sample::select(ranges).prop_flat_map(|(lo, hi)| {
        (lo..=hi).prop_map(|c| char::from_u32(c).expect("ranges hold scalar values"))
    })
}

fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            3 => script_char(),
            1 => prop::sample::select(b"abcXYZ019-._~".to_vec()).prop_map(char::from),
        ],
        1..12,
    )
    .prop_map(|v| v.into_iter().collect())
}

/// `text` percent-encoded as UTF-8 (unreserved ASCII kept), each escape in `upper` or lower
/// case, or non-ASCII written raw (an IRI) when `raw`.
fn spell(text: &str, upper: &[bool], raw: bool) -> String {
    let mut out = String::new();
    let mut i = 0;
    for ch in text.chars() {
        if raw || ch.is_ascii_alphanumeric() || "-._~".contains(ch) {
            out.push(ch);
        } else {
            let mut buf = [0; 4];
            for b in ch.encode_utf8(&mut buf).bytes() {
                let up = upper[i % upper.len()];
                i += 1;
                out.push_str(&if up {
                    format!("%{b:02X}")
                } else {
                    format!("%{b:02x}")
                });
            }
        }
    }
    out
}

fn clean_url() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec![
            "example.com",
            "example.jp",
            "example.cn",
            "example.kr",
            "example.tw",
            "example.ru",
        ]),
        prop::collection::vec(text(), 1..5),
        prop::collection::vec((text(), text()), 0..4),
        prop::collection::vec(any::<bool>(), 1..8),
        any::<bool>(),
    )
        .prop_map(|(host, segs, pairs, upper, raw)| {
            let path: Vec<String> = segs.iter().map(|s| spell(s, &upper, raw)).collect();
            let mut url = format!("https://{host}/{}", path.join("/"));
            if !pairs.is_empty() {
                let q: Vec<String> = pairs
                    .iter()
                    .map(|(k, v)| format!("{}={}", spell(k, &upper, raw), spell(v, &upper, raw)))
                    .collect();
                url.push('?');
                url.push_str(&q.join("&"));
            }
            url
        })
}

/// Text as each legacy charset's users write it: Japanese (kana and common kanji) for
/// Shift_JIS and EUC-JP, simplified Chinese for GBK, traditional Chinese for Big5. The
/// characters are the most frequent ones of each language.
fn legacy_text(which: usize) -> BoxedStrategy<String> {
    const JA: &str = "日本語学校会社電話番号検索東京開発運営者情報外装不良大阪京都新宿渋谷駅前店舗営業時間料金案内地図写真動画商品一覧価格送料無料注文確認登録変更削除";
    const ZH_HANS: &str = "的一是不了人我在有他这中大来上个国到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长知民样现分将外但身些与高意进把法此实回二理美点月明其种声全工己话儿者向情部正名定女问力机给等几很业最间新什打便位因重被走电四第门相次东政海口使教西再平真听世气信北少关并内加化由却代军产入先山五太水万市眼体别处总才场师书比住员九笑性通目华报立马命张活难神数件安表原车白应路期叫死常提感金何更反合放做系计或司利受光王果亲界及今京务制解各任至清物台象记边共风战干接它许八特觉望直服毛林题建南度统色字请交爱让认算论百吃义科怎元社术结六功指思非流每青管夫连远资队跟带花快条院变联言权往展该领传近留红治决周保达办运武半候七必城父强步完革深区即求品士转量空甚众技轻程告江语英基派满式李息写呢识极令黄德收脸钱党倒未持取设始版双历越史商千片容研像找友孩站广改议形委早房音火际则首单据导影失拿网香似斯专石若兵弟谁校读志飞观争究包组造落视济喜离虽坏兴切";
    const ZH_HANT: &str = "的一是不了人我在有他這中大來上個國到說們為子和你地出道也時年得就那要下以生會自著去之過家學對可她裡後小麼心多天而能好都然沒日於起還發成事只作當想看文無開手十用主行方又如前所本見經頭面公同三已老從動兩長知民樣現分將外但身些與高意進把法此實回二理美點月明其種聲全工己話兒者向情部正名定女問力機給等幾很業最間新什打便位因重被走電四第門相次東政海口使教西再平真聽世氣信北少關並內加化由卻代軍產入先山五太水萬市眼體別處總才場師書比住員九笑性通目華報立馬命張活難神數件安表原車白應路期叫死常提感金何更反合放做系計或司利受光王果親界及今京務制解各任至清物台象記邊共風戰干接它許八特覺望直服毛林題建南度統色字請交愛讓認算論百吃義科怎元社術結六功指思非流每青管夫連遠資隊跟帶花快條院變聯言權往展該領傳近留紅治決周保達辦運武半候七必城父強步完革深區即求品士轉量空甚眾技輕程告江語英基派滿式李息寫呢識極令黃德收臉錢黨倒未持取設始版雙歷越史商千片容研像找友孩站廣改議形委早房音火際則首單據導影失拿網香似斯專石若兵弟誰校讀志飛觀爭究包組造落視濟喜離雖壞興切";
    let pick = |s: &'static str| prop::sample::select(s.chars().collect::<Vec<_>>());
    let chars: BoxedStrategy<char> = match which {
        0 | 1 => prop_oneof![
            (0x3041u32..=0x3093).prop_map(|c| char::from_u32(c).expect("hiragana")),
            (0x30A1u32..=0x30F3).prop_map(|c| char::from_u32(c).expect("katakana")),
            pick(JA),
        ]
        .boxed(),
        2 => pick(ZH_HANS).boxed(),
        _ => pick(ZH_HANT).boxed(),
    };
    prop::collection::vec(chars, 2..10)
        .prop_map(|v| v.into_iter().collect())
        .boxed()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn clean_utf8_is_never_changed(url in clean_url()) {
        let r = repair(&url).expect("generated URLs parse");
        prop_assert_eq!(r.verdict, Verdict::Unchanged, "{:?}", r.steps);
        prop_assert_eq!(r.output, url);
    }

    #[test]
    fn repair_is_idempotent_and_right_when_it_names_the_charset(
        (which, text) in (0usize..4).prop_flat_map(|w| (Just(w), legacy_text(w))),
        raw_trail in any::<bool>(),
    ) {
        let encoding = [encoding_rs::SHIFT_JIS, encoding_rs::EUC_JP, encoding_rs::GBK, encoding_rs::BIG5][which];
        let (bytes, _, unmappable) = encoding.encode(&text);
        prop_assume!(!unmappable);
        let mut q = String::new();
        for &b in bytes.iter() {
            if raw_trail && b.is_ascii_alphanumeric() {
                q.push(char::from(b));
            } else {
                q.push_str(&format!("%{b:02X}"));
            }
        }
        let url = format!("https://example.com/search?q={q}");
        let once = repair(&url).expect("parses");
        let twice = repair(&once.output).expect("parses");
        prop_assert_eq!(&twice.output, &once.output);
        if once.verdict == Verdict::Repaired {
            prop_assert_eq!(twice.verdict, Verdict::Unchanged);
        }
        // Never wrong: a repair is the text that was written, or there is no repair.
        if once.verdict == Verdict::Repaired {
            let want = format!("https://example.com/search?q={}", spell(&text, &[true], false));
            prop_assert_eq!(once.output, want, "read as {:?}", once.charset);
        }
    }
}

/// Any character up to U+07FF (two-byte UTF-8, the range Latin-1 mojibake lives in) and some
/// CJK: a text that may or may not have mojibake's shape.
fn any_utf8_text() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            4 => (0x80u32..=0x7FF).prop_filter_map("scalar", char::from_u32),
            1 => (0x4E00u32..=0x4EFF).prop_filter_map("scalar", char::from_u32),
            1 => prop::sample::select(b"aZ9-".to_vec()).prop_map(char::from),
        ],
        1..10,
    )
    .prop_map(|v| v.into_iter().collect())
}

/// Bytes >= 0x80 with the ASCII letters a double-byte charset takes as trail bytes, escaped
/// (the letters raw or escaped): what legacy and mojibake readings both apply to.
fn high_bytes() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            4 => (0x80u8..=0xFF).prop_map(|b| format!("%{b:02X}")),
            1 => prop::sample::select(b"sGOz[-".to_vec()).prop_map(|b| char::from(b).to_string()),
        ],
        1..12,
    )
    .prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn valid_utf8_changes_only_by_undoing_mojibake(
        texts in prop::collection::vec(any_utf8_text(), 1..4),
        tld in prop::sample::select(vec!["com", "jp", "cn", "kr", "ru"]),
    ) {
        let segs: Vec<String> = texts.iter().map(|t| spell(t, &[true], false)).collect();
        let url = format!("https://example.{tld}/{}", segs.join("/"));
        let r = repair(&url).expect("parses");
        prop_assert!(
            r.steps.iter().all(|s| s.action != Action::ReadLegacy),
            "{}: {:?}", url, r.steps
        );
        if r.output != url {
            prop_assert!(
                r.steps.iter().all(|s| matches!(s.action, Action::UndoMojibake { .. })),
                "{}: {:?}", url, r.steps
            );
        }
        prop_assert_eq!(repair(&r.output).expect("parses").output, r.output.clone());
    }

    #[test]
    fn repair_of_arbitrary_high_bytes_is_idempotent(
        runs in prop::collection::vec(high_bytes(), 1..4),
        host in prop::sample::select(vec!["example.com", "example.jp", "example.ru"]),
        declared in prop::sample::select(vec!["", "&ie=macintosh", "&charset=Shift_JIS", "&enc=koi8-r"]),
    ) {
        let url = format!("http://{host}/{}?q=x{declared}", runs.join("/"));
        let once = repair(&url).expect("parses");
        if once.verdict != Verdict::Repaired {
            prop_assert_eq!(&once.output, &url);
        }
        let twice = repair(&once.output).expect("parses");
        prop_assert_eq!(&twice.output, &once.output, "{}: {:?}", url, once.steps);
    }
}
