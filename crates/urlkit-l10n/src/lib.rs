//! The page's words in English and Japanese: its text, the lint rules' docs, the comparison
//! rules and verdicts (issue 32), as Fluent resources (`locales/LANG/*.ftl`) resolved by
//! [`fluent_bundle`].
//!
//! The English of a rule (its summary, doc and the comparison rules' descriptions) is the
//! rule registry's own ([`urlkit::lint::RuleInfo`], [`urlkit::normalize::Rule::describe`]):
//! it is written once, in the library, and `locales/ja/rules.ftl` translates it. Everything
//! else the page says is in `locales/LANG/page.ftl`.
//!
//! ```
//! use urlkit_l10n::{messages, Lang};
//! let ja = messages(Lang::Ja);
//! assert_eq!(ja["tab-compare"], "比較");
//! assert_eq!(messages(Lang::En)["rule-U0201-summary"], urlkit::lint::rule("U0201").unwrap().summary);
//! ```
//!
//! # Rationale
//!
//! The page asks for every message of its language at once ([`messages`]) and places them
//! itself; no message takes an argument, so that a message is the same text wherever it is
//! shown and a placeable never needs the page to format it. What varies (a level, a count) is
//! shown beside a label, which reads right in both languages.
#![forbid(unsafe_code)]

use std::collections::BTreeMap;

use fluent_bundle::{FluentBundle, FluentResource};
use urlkit::lint::RuleInfo;

/// A language of the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lang {
    /// English, the default.
    En,
    /// Japanese.
    Ja,
}

impl Lang {
    /// Every language.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Ja];

    /// The BCP 47 tag (`en`, `ja`).
    ///
    /// ```
    /// assert_eq!(urlkit_l10n::Lang::Ja.tag(), "ja");
    /// ```
    pub const fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ja => "ja",
        }
    }

    /// The language of a BCP 47 tag, by its primary subtag (`ja-JP` is Japanese).
    ///
    /// ```
    /// use urlkit_l10n::Lang;
    /// assert_eq!(Lang::from_tag("ja-JP"), Some(Lang::Ja));
    /// assert_eq!(Lang::from_tag("EN"), Some(Lang::En));
    /// assert_eq!(Lang::from_tag("fr"), None);
    /// ```
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag
            .split(['-', '_'])
            .next()
            .expect("invariant: split yields at least one piece");
        Lang::ALL
            .into_iter()
            .find(|l| l.tag().eq_ignore_ascii_case(primary))
    }

    fn resources(self) -> &'static [&'static str] {
        match self {
            Lang::En => &[include_str!("../locales/en/page.ftl")],
            Lang::Ja => &[
                include_str!("../locales/ja/page.ftl"),
                include_str!("../locales/ja/rules.ftl"),
            ],
        }
    }
}

/// The bundle of a language, from its resources.
fn bundle(lang: Lang) -> FluentBundle<FluentResource> {
    let id: unic_langid::LanguageIdentifier = lang
        .tag()
        .parse()
        .expect("invariant: the tags of Lang are valid BCP 47");
    let mut bundle = FluentBundle::new(vec![id]);
    // No message takes an argument: no bidi isolation marks around placeables.
    bundle.set_use_isolating(false);
    for source in lang.resources() {
        let resource = FluentResource::try_new((*source).to_owned())
            .expect("invariant: the .ftl files parse (the tests check them)");
        bundle
            .add_resource(resource)
            .expect("invariant: no message id is defined twice (the tests check them)");
    }
    bundle
}

/// Every message of `lang`, resolved: `id` for a message's value, `id.attr` for its
/// attributes (`.title`, `.aria-label`, `.placeholder`).
///
/// ```
/// let en = urlkit_l10n::messages(urlkit_l10n::Lang::En);
/// assert_eq!(en["tab-compare"], "Compare");
/// assert!(en.contains_key("copy.title"));
/// ```
pub fn messages(lang: Lang) -> BTreeMap<String, String> {
    let bundle = bundle(lang);
    let mut out = BTreeMap::new();
    for source in lang.resources() {
        let resource = FluentResource::try_new((*source).to_owned())
            .expect("invariant: the .ftl files parse (the tests check them)");
        for entry in resource.entries() {
            let fluent_syntax::ast::Entry::Message(m) = entry else {
                continue;
            };
            let id = m.id.name;
            let message = bundle
                .get_message(id)
                .expect("invariant: a message of the bundle's own resources");
            let mut errors = vec![];
            if let Some(value) = message.value() {
                let text = bundle.format_pattern(value, None, &mut errors);
                out.insert(id.to_owned(), text.into_owned());
            }
            for attr in message.attributes() {
                let text = bundle.format_pattern(attr.value(), None, &mut errors);
                out.insert(format!("{id}.{}", attr.id()), text.into_owned());
            }
            assert!(
                errors.is_empty(),
                "invariant: message {id} resolves without arguments: {errors:?}"
            );
        }
    }
    if lang == Lang::En {
        for rule in urlkit::lint::rules() {
            for (part, text) in english_rule(rule) {
                out.insert(format!("rule-{}-{part}", rule.code), text.to_owned());
            }
        }
        for rule in urlkit::normalize::Rule::ALL {
            out.insert(format!("norm-{}", rule.name()), rule.describe().to_owned());
        }
    }
    out
}

/// The parts of a rule's doc that are words, in English: what `rules.ftl` translates.
fn english_rule(rule: &RuleInfo) -> [(&'static str, &'static str); 4] {
    [
        ("summary", rule.summary),
        ("what", rule.doc.what),
        ("why", rule.doc.why),
        ("fix-safety", rule.doc.fix_safety),
    ]
}

/// A rule's doc in `lang`, in the fixed shape of `urlkit lint --explain`: in English exactly
/// [`RuleInfo::explain`], in Japanese the same sections with the words translated (the
/// example URLs and references as they are).
///
/// ```
/// use urlkit_l10n::{explain, Lang};
/// let rule = urlkit::lint::rule("nul").unwrap();
/// assert_eq!(explain(rule, Lang::En), rule.explain());
/// assert!(explain(rule, Lang::Ja).contains("\n## なぜ問題か\n"));
/// ```
pub fn explain(rule: &RuleInfo, lang: Lang) -> String {
    if lang == Lang::En {
        return rule.explain();
    }
    let m = messages(lang);
    let t = |id: &str| -> &str {
        m.get(id).expect(
            "invariant: every rule doc message exists in every language (the tests check it)",
        )
    };
    let part = |p: &str| t(&format!("rule-{}-{p}", rule.code)).to_owned();
    let mut s = format!(
        "{} {} ({}, {})\n{}\n",
        rule.code,
        rule.name,
        t(&format!("family-{}", rule.family.name())),
        t(&format!("severity-{}", rule.level.name())),
        part("summary"),
    );
    if rule.scope == urlkit::lint::Scope::List {
        s.push_str(t("doc-list-scope"));
        s.push('\n');
    }
    if !rule.aliases.is_empty() {
        s.push_str(&format!(
            "{} {}\n",
            t("doc-aliases"),
            rule.aliases.join(", ")
        ));
    }
    if let Some(sec) = rule.security {
        s.push_str(&format!(
            "CWE-{}, security-severity {:.1}\n",
            sec.cwe, sec.severity
        ));
    }
    let d = &rule.doc;
    for (heading, body) in [
        ("doc-what", part("what")),
        ("doc-why", part("why")),
        ("doc-example", d.example.to_owned()),
        ("doc-use-instead", d.use_instead.to_owned()),
        ("doc-fix-safety", part("fix-safety")),
    ] {
        s.push_str(&format!("\n## {}\n{body}\n", t(heading)));
    }
    s.push_str(&format!("\n## {}\n", t("doc-references")));
    for r in d.references {
        s.push_str(&format!("- {r}\n"));
    }
    s
}

/// A fingerprint of a rule's English words (FNV-1a, 64 bits, in hex), written beside its
/// translation: when the English changes, the fingerprint does, and the tests name the
/// translation to redo.
///
/// ```
/// let rule = urlkit::lint::rule("nul").unwrap();
/// assert_eq!(urlkit_l10n::fingerprint_rule(rule).len(), 16);
/// ```
pub fn fingerprint_rule(rule: &RuleInfo) -> String {
    fingerprint(english_rule(rule).iter().map(|(_, t)| *t))
}

/// The fingerprint of the comparison rules' English descriptions.
///
/// ```
/// assert_eq!(urlkit_l10n::fingerprint_normalize_rules().len(), 16);
/// ```
pub fn fingerprint_normalize_rules() -> String {
    fingerprint(urlkit::normalize::Rule::ALL.iter().map(|r| r.describe()))
}

fn fingerprint<'a>(texts: impl Iterator<Item = &'a str>) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for text in texts {
        for &b in text.as_bytes().iter().chain(&[0u8]) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{h:016x}")
}

#[cfg(test)]
mod tests;
