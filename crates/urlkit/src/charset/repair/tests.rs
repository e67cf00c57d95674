//! Repair of whole URLs: the real reports, false-positive traps, spelling kept outside runs.

use super::*;

fn ok(url: &str) -> Repair {
    repair(url).expect("parses")
}

#[test]
fn latin1_mojibake_of_kaihatsu() {
    let r = ok("https://example.com/posts/tags/%C3%A9%C2%96%C2%8B%C3%A7%C2%99%C2%BA/");
    assert_eq!(r.verdict, Verdict::Repaired);
    assert_eq!(
        r.output,
        "https://example.com/posts/tags/%E9%96%8B%E7%99%BA/"
    );
    assert_eq!(r.charset, Some("ISO-8859-1"));
    assert_eq!(r.steps.len(), 1);
    assert_eq!(r.steps[0].action, Action::UndoMojibake { layer: 1 });
    assert_eq!(r.steps[0].after, "開発");
    assert_eq!(r.steps[0].span, 31..67);
}

#[test]
fn shift_jis_gaisou_furyou() {
    let r = ok("https://example.com/?q=%8AO%91%95%95s%97%C7");
    assert_eq!(r.verdict, Verdict::Repaired);
    assert_eq!(r.charset, Some("Shift_JIS"));
    assert_eq!(
        r.output,
        "https://example.com/?q=%E5%A4%96%E8%A3%85%E4%B8%8D%E8%89%AF"
    );
    assert_eq!(r.steps[0].place.to_string(), "query:q");
    assert!(r.candidates[0].kept && r.candidates.iter().skip(1).all(|c| !c.kept));
}

#[test]
fn one_character_is_ambiguous() {
    let r = ok("http://localhost:8080/form?a=%83z");
    assert_eq!(r.verdict, Verdict::Ambiguous);
    assert_eq!(r.output, "http://localhost:8080/form?a=%83z");
    assert!(r.candidates.len() > 1);
    assert_eq!(r.steps[0].action, Action::KeptAmbiguous);
}

#[test]
fn declared_charset_reads_one_character() {
    let r = ok("http://localhost/form?a=%83z&_charset_=Shift_JIS");
    assert_eq!(r.verdict, Verdict::Repaired);
    assert_eq!(
        r.output,
        "http://localhost/form?a=%E3%83%9B&_charset_=Shift_JIS"
    );
}

#[test]
fn broken_utf8_has_no_reading() {
    for url in ["http://h/%C0%AF", "http://h/a%E3%81", "http://h/%ED%A0%80x"] {
        let r = ok(url);
        assert_eq!(r.verdict, Verdict::None, "{url}");
        assert_eq!(r.output, url);
        assert!(matches!(r.steps[0].action, Action::BrokenUtf8(_)));
    }
}

#[test]
fn clean_utf8_that_is_also_shift_jis_or_gbk_stays() {
    // 日本 in UTF-8 (E6 97 A5 E6 9C AC) decodes in Shift_JIS too; 中文 (E4 B8 AD E6 96 87)
    // decodes in gb18030. Neither is reread, even under .jp or .cn.
    for url in [
        "https://example.jp/%E6%97%A5%E6%9C%AC",
        "https://example.cn/%E4%B8%AD%E6%96%87",
        "https://example.com/?q=%e3%83%ad%e3%82%b0",
        "https://example.com/caf%C3%A9",
    ] {
        let r = ok(url);
        assert_eq!((r.verdict, r.output.as_str()), (Verdict::Unchanged, url));
    }
}

#[test]
fn only_runs_change() {
    // Lowercase hex elsewhere, '+', a raw IRI character and a malformed '%' all stay.
    let r = ok("https://example.com/%e6%97%a5/a+b/%8AO%91%95%95s%97%C7?x=%7e+y&z=100%25#f");
    assert_eq!(
        r.output,
        "https://example.com/%e6%97%a5/a+b/%E5%A4%96%E8%A3%85%E4%B8%8D%E8%89%AF?x=%7e+y&z=100%25#f"
    );
}

#[test]
fn ascii_trail_bytes_keep_their_spelling_when_read_alone() {
    // windows-1252 reading keeps the raw 's'; Shift_JIS consumes it as a trail byte.
    let r = ok("https://example.com/?q=%83s%83G%81[%83%8B");
    assert_eq!(r.charset, Some("Shift_JIS"));
    assert_eq!(r.candidates[0].texts, ["ピエール"]);
    let w = r
        .candidates
        .iter()
        .find(|c| c.charset == "windows-1252")
        .unwrap();
    assert_eq!(
        w.output,
        "https://example.com/?q=%C6%92s%C6%92G%C2%81[%C6%92%E2%80%B9"
    );
}

#[test]
fn repair_is_idempotent_on_the_reports() {
    for url in [
        "https://example.com/posts/tags/%C3%A9%C2%96%C2%8B%C3%A7%C2%99%C2%BA/",
        "https://example.com/?q=%8AO%91%95%95s%97%C7",
        "https://example.com/%83%5E%83C%83g%83%8B",
    ] {
        let once = ok(url).output;
        let twice = ok(&once);
        assert_eq!(twice.verdict, Verdict::Unchanged, "{once}");
        assert_eq!(twice.output, once);
    }
}

#[test]
fn tld_breaks_a_tie() {
    // 大量 in GB 2312 (B4 F3 C1 BF) is also two EUC-JP kanji, two Big5 hanzi and two Hangul
    // syllables; two characters are too few for the statistical model to decide alone.
    let plain = ok("https://example.com/%B4%F3%C1%BF");
    assert_eq!(plain.verdict, Verdict::Ambiguous);
    let cn = ok("https://example.cn/%B4%F3%C1%BF");
    assert_eq!(
        (cn.verdict, cn.charset),
        (Verdict::Repaired, Some("gb18030"))
    );
    assert_eq!(cn.output, "https://example.cn/%E5%A4%A7%E9%87%8F");
}

#[test]
fn the_statistical_model_settles_what_the_repertoire_cannot() {
    // 中文 in GB 2312 (D6 D0 CE C4) is also two EUC-JP kanji and two KS X 1001 hanja, all
    // common characters; chardetng reads it as GBK.
    let r = ok("https://example.com/%D6%D0%CE%C4");
    assert_eq!((r.verdict, r.charset), (Verdict::Repaired, Some("gb18030")));
    assert!(r.candidates[0]
        .evidence
        .iter()
        .any(|e| e.reason.contains("chardetng")));
    // The cases: Russian on .ru, a lone Latin-1 letter in a German word, GBK words.
    for (url, charset, output) in [
        (
            "https://example.ru/%EF%EE%E8%F1%EA",
            "windows-1251",
            "https://example.ru/%D0%BF%D0%BE%D0%B8%D1%81%D0%BA",
        ),
        (
            "https://example.com/?q=%C1%AC%D2%C2%C8%B9",
            "gb18030",
            "https://example.com/?q=%E8%BF%9E%E8%A1%A3%E8%A3%99",
        ),
    ] {
        let r = ok(url);
        assert_eq!(
            (r.verdict, r.charset, r.output.as_str()),
            (Verdict::Repaired, Some(charset), output),
            "{url}: {:?}",
            r.steps
        );
    }
}

#[test]
fn declaration_that_does_not_decode_is_reported() {
    let r = ok("https://example.com/?ie=UTF-8&q=%8AO%91%95%95s%97%C7");
    assert_eq!(r.charset, Some("Shift_JIS"));
    assert!(r
        .steps
        .iter()
        .any(|s| s.action == Action::DeclarationIgnored));
}

#[test]
fn steps_print_controls_escaped() {
    let r = ok("https://example.com/%C3%A9%C2%96%C2%8B");
    let line = r.steps[0].to_string();
    assert!(line.contains("undid mojibake (ISO-8859-1"), "{line}");
    assert!(!line.chars().any(|c| c.is_control()), "{line}");
}

#[test]
fn decode_auto_reads_bytes() {
    let d = decode_auto(b"\x8AO\x91\x95\x95s\x97\xC7 ok");
    assert_eq!(d.text.as_deref(), Some("外装不良 ok"));
    assert_eq!(decode_auto(b"\xC0\xAF").verdict, Verdict::None);
}

#[test]
fn host_agreement_decides_only_within_the_host() {
    // 東京 in EUC-JP is also two hanzi of GB 2312, Big5 and two Hangul syllables.
    let kanji_a = "http://a.example/y?q=%C5%EC%B5%FE";
    let kana_a = "http://a.example/x?q=%C6%FC%CB%DC%A4%CE%A5%C6%A5%B9%A5%C8";
    let kanji_b = "http://b.example/y?q=%C5%EC%B5%FE";
    let all: Vec<Repair> = repair_list(&[kanji_a, kana_a, kanji_b])
        .into_iter()
        .map(|r| r.expect("parses"))
        .collect();
    assert_eq!(all[0].verdict, Verdict::Repaired);
    assert!(all[0].candidates[0]
        .evidence
        .iter()
        .any(|e| e.reason.contains("other URLs of this host")));
    assert_eq!(all[1].charset, Some("EUC-JP"));
    assert_eq!(all[2].verdict, Verdict::Ambiguous);
}

#[test]
fn euc_jp_kana_and_big5_hanzi_are_told_apart_only_by_context() {
    // テストの結果 in EUC-JP is six level-1 hanzi in Big5, and 少平話內 in Big5 (a case
    // proptest found) is ぶキ顧ず in EUC-JP: the kana bonus and the statistical model do not
    // count for these two readings, so only context decides.
    for url in [
        "http://a.example/x?q=%A5%C6%A5%B9%A5%C8%A4%CE%B7%EB%B2%CC",
        "https://example.com/%A4%D6%A5%AD%B8%DC%A4%BA",
    ] {
        let r = ok(url);
        assert_eq!((r.verdict, r.output.as_str()), (Verdict::Ambiguous, url));
        assert!(r
            .candidates
            .iter()
            .filter(|c| c.charset == "EUC-JP" || c.charset == "Big5")
            .all(|c| c.evidence.iter().any(|e| e.reason.contains("only context"))));
    }
    let jp = ok("http://a.example.jp/x?q=%A5%C6%A5%B9%A5%C8%A4%CE%B7%EB%B2%CC");
    assert_eq!(
        (jp.verdict, jp.charset),
        (Verdict::Repaired, Some("EUC-JP"))
    );
    let tw = ok("https://example.tw/%A4%D6%A5%AD%B8%DC%A4%BA");
    assert_eq!((tw.verdict, tw.charset), (Verdict::Repaired, Some("Big5")));
}

#[test]
fn two_kana_do_not_outweigh_two_hanzi() {
    // 手生 in GBK reads as two kana in EUC-JP (a case proptest found): not taken as EUC-JP.
    let r = ok("https://example.com/search?q=%CA%D6%C9%FA");
    assert_ne!(r.charset, Some("EUC-JP"));
    if r.verdict == Verdict::Repaired {
        assert_eq!(r.output, "https://example.com/search?q=%E6%89%8B%E7%94%9F");
    }
}

#[test]
fn three_layers_are_undone_a_fourth_leaves_the_url_alone() {
    // é through Latin-1 three times, then four times.
    let three = "http://h/%C3%83%C2%83%C3%82%C2%83%C3%83%C2%82%C3%82%C2%A9";
    let r = ok(three);
    assert_eq!(
        (r.verdict, r.output.as_str()),
        (Verdict::Repaired, "http://h/%C3%A9")
    );
    assert_eq!(r.steps.len(), 3);
    assert_eq!(ok(&r.output).verdict, Verdict::Unchanged);
    let four = "http://h/%C3%83%C2%83%C3%82%C2%83%C3%83%C2%82%C3%82%C2%83%C3%83%C2%83%C3%82%C2%82%C3%83%C2%82%C3%82%C2%A9?q=%C3%A9%C2%96%C2%8B";
    let r = ok(four);
    assert_eq!((r.verdict, r.output.as_str()), (Verdict::Ambiguous, four));
    assert_eq!(r.steps.len(), 1);
    assert!(
        r.steps[0].note.contains("more than 3 layers"),
        "{}",
        r.steps[0]
    );
}

#[test]
fn a_declared_charset_reading_shaped_like_mojibake_is_not_taken() {
    // %83%C8 in macintosh is "É»", whose Latin-1 bytes are the UTF-8 of ɻ.
    let url = "http://h/x?a=%83%C8%83%C8&ie=macintosh";
    let r = ok(url);
    assert_eq!((r.verdict, r.output.as_str()), (Verdict::Ambiguous, url));
    assert!(
        r.steps[0].note.contains("mojibake in shape"),
        "{}",
        r.steps[0]
    );
}
