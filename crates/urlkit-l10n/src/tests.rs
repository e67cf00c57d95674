use std::collections::BTreeSet;

use super::*;

fn ids(lang: Lang) -> BTreeSet<String> {
    messages(lang).into_keys().collect()
}

/// Every language has every message: the lists of ids are equal, and each is printed.
#[test]
fn every_language_has_every_message() {
    let en = ids(Lang::En);
    for lang in Lang::ALL {
        let got = ids(lang);
        println!("{}: {} messages: {:?}", lang.tag(), got.len(), got);
        let missing: Vec<_> = en.difference(&got).collect();
        let extra: Vec<_> = got.difference(&en).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{}: missing {missing:?}, not in English {extra:?}",
            lang.tag()
        );
    }
}

/// No message is empty, and none resolved to Fluent's placeholder of a missing reference.
#[test]
fn no_message_is_empty_or_unresolved() {
    for lang in Lang::ALL {
        for (id, text) in messages(lang) {
            assert!(!text.trim().is_empty(), "{}: {id} is empty", lang.tag());
            assert!(!text.contains("{-"), "{}: {id}: {text}", lang.tag());
        }
    }
}

/// The page words every encode warning in its own sentence (`enc-warning-<kind>`): the
/// record's message carries the CLI's remedies, which a page user cannot act on.
#[test]
fn every_encode_warning_kind_has_a_page_message() {
    let en = ids(Lang::En);
    for kind in urlkit::codec::EncodeWarningKind::ALL {
        let id = format!("enc-warning-{}", kind.name());
        assert!(en.contains(&id), "no message {id}");
    }
}

/// The page asks only for messages that exist: every `data-l10n-id="..."` of index.html and
/// app.js, and every `t("...")` of app.js (`t("mode-" + m)`: some message starts `mode-`; an
/// element whose message has only attributes: `id.attr` exists).
#[test]
fn the_page_uses_only_messages_that_exist() {
    let en = ids(Lang::En);
    let assets = concat!(env!("CARGO_MANIFEST_DIR"), "/../urlkit-web/assets");
    let mut used = BTreeSet::new();
    for (file, open) in [
        ("index.html", "data-l10n-id=\""),
        ("app.js", "t(\""),
        ("app.js", "\"data-l10n-id\": \""),
    ] {
        let text = std::fs::read_to_string(format!("{assets}/{file}")).expect("the page's file");
        let mut rest = text.as_str();
        while let Some(at) = rest.find(open) {
            let before = rest[..at].chars().next_back();
            let after = &rest[at + open.len()..];
            rest = after;
            // `t("` as a call of `t`, not the end of `ticket("` or `split("`.
            if open == "t(\"" && before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.')
            {
                continue;
            }
            let id = after
                .split('"')
                .next()
                .expect("invariant: split yields a piece");
            used.insert(id.to_owned());
        }
    }
    assert!(used.len() > 50, "the page places {} messages", used.len());
    let known = |id: &String| {
        if id.ends_with('-') {
            return en.iter().any(|e| e.starts_with(id.as_str()));
        }
        en.contains(id) || en.iter().any(|e| e.starts_with(&format!("{id}.")))
    };
    let unknown: Vec<_> = used.iter().filter(|id| !known(id)).collect();
    assert!(unknown.is_empty(), "the page uses unknown ids {unknown:?}");
}

/// Each rule's translation is of its current English: the fingerprint beside it in
/// rules.ftl is the English's.
#[test]
fn translations_follow_the_english() {
    let ftl = include_str!("../locales/ja/rules.ftl");
    let mut expected: Vec<(String, String)> = urlkit::lint::rules()
        .into_iter()
        .map(|r| (r.code.to_owned(), fingerprint_rule(r)))
        .collect();
    expected.push(("normalize".into(), fingerprint_normalize_rules()));
    let mut stale = Vec::new();
    for (group, print) in &expected {
        let line = format!("## {group} source:{print}");
        if !ftl.lines().any(|l| l == line) {
            stale.push(line);
        }
    }
    assert!(
        stale.is_empty(),
        "translate these again (the English changed or is new), then write the line:\n{}",
        stale.join("\n")
    );
}

/// The English doc is the registry's `explain`; the Japanese has the same sections.
#[test]
fn explain_has_the_same_shape_in_every_language() {
    for rule in urlkit::lint::rules() {
        assert_eq!(explain(rule, Lang::En), rule.explain());
        let ja = explain(rule, Lang::Ja);
        let sections = |s: &str| s.lines().filter(|l| l.starts_with("## ")).count();
        assert_eq!(sections(&ja), sections(&rule.explain()), "{}", rule.code);
        assert!(ja.contains(rule.doc.example), "{}", rule.code);
    }
}
