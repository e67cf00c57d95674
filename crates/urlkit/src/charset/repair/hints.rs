//! What the URL itself says about its charset: a declared parameter and the host's TLD; and
//! what other URLs of the same host in a list say.

use encoding_rs::Encoding;

use crate::codec::{decode_to_bytes, DecodeMode};
use crate::uri::UriRef;

/// The query parameters that declare the charset of a URL's query: `ie`/`oe`/`ei` (search
/// engines' input, output and encoding parameters), `charset`, `enc`, and `_charset_` (which
/// an HTML form fills in with the charset it submitted in).
///
/// Spec: <https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#constructing-the-form-data-set>
pub const DECLARING_PARAMETERS: [&str; 6] = ["ie", "ei", "oe", "charset", "enc", "_charset_"];

/// The context a ranking uses besides the bytes.
#[derive(Clone, Debug, Default)]
pub(crate) struct Hints {
    /// Charsets declared in the URL, with the parameter that declared each.
    pub declared: Vec<(&'static Encoding, String)>,
    /// Charsets the host's TLD suggests, and the TLD.
    pub tld: Option<(String, Vec<&'static Encoding>)>,
    /// The host's last label, lowercase (for the detector), whether or not it suggests a
    /// charset.
    pub tld_label: Option<String>,
    /// The charset other URLs of this host were read in.
    pub host: Option<&'static Encoding>,
}

/// The charsets declared in `uri`'s query (`ie=Shift_JIS`, `_charset_=euc-jp`), each with its
/// `name=value` text; values that are no WHATWG label are left out.
pub(crate) fn declared(uri: &UriRef<'_>) -> Vec<(&'static Encoding, String)> {
    let mut out = Vec::new();
    let Some(query) = uri.query() else {
        return out;
    };
    for pair in query.split('&') {
        let Some((name, value)) = pair.split_once('=') else {
            continue;
        };
        if !DECLARING_PARAMETERS
            .iter()
            .any(|p| p.eq_ignore_ascii_case(name))
        {
            continue;
        }
        let Ok(bytes) = decode_to_bytes(value.as_bytes(), DecodeMode::Form) else {
            continue;
        };
        if let Some(e) = Encoding::for_label(&bytes) {
            // GBK's decoder is gb18030's: one candidate stands for both.
            let e = if e == encoding_rs::GBK {
                encoding_rs::GB18030
            } else {
                e
            };
            if !out.iter().any(|(d, _)| *d == e) {
                out.push((e, pair.to_owned()));
            }
        }
    }
    out
}

/// The last label of `host`, lowercase.
pub(crate) fn tld_label(host: &str) -> Option<String> {
    let label = host.trim_end_matches('.').rsplit('.').next()?;
    (!label.is_empty()).then(|| label.to_ascii_lowercase())
}

/// The charsets the last label of `host` points at, from the locales' legacy defaults.
///
/// *Rationale*: the TLD says where the site's audience is, and the HTML Standard's table of
/// locale default encodings says what that audience's old software wrote. It is a tie-breaker
/// worth one frequent character, never more: `.jp` sites link to GBK forums, and valid UTF-8
/// is never reread at all, `.jp` or not.
///
/// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#determining-the-character-encoding>
/// (the table of suggested defaults by locale)
pub(crate) fn tld_charsets(host: &str) -> Option<(String, Vec<&'static Encoding>)> {
    use encoding_rs::*;
    let tld = host
        .trim_end_matches('.')
        .rsplit('.')
        .next()?
        .to_ascii_lowercase();
    let list: Vec<&'static Encoding> = match tld.as_str() {
        "jp" => vec![SHIFT_JIS, EUC_JP],
        "cn" => vec![GB18030],
        "tw" | "hk" | "mo" => vec![BIG5],
        "kr" => vec![EUC_KR],
        "ru" | "ua" | "by" | "bg" | "kz" | "rs" | "mk" | "kg" | "tj" => {
            vec![WINDOWS_1251, KOI8_R, KOI8_U]
        }
        "pl" | "cz" | "sk" | "hu" | "si" | "hr" | "ro" | "ba" => vec![WINDOWS_1250, ISO_8859_2],
        "gr" => vec![WINDOWS_1253, ISO_8859_7],
        "tr" | "az" => vec![WINDOWS_1254],
        "il" => vec![WINDOWS_1255, ISO_8859_8],
        "sa" | "eg" | "ae" | "iq" | "ir" | "jo" | "kw" | "lb" | "ly" | "ma" | "om" | "qa"
        | "sy" | "tn" | "ye" | "dz" | "pk" => vec![WINDOWS_1256],
        "lt" | "lv" | "ee" => vec![WINDOWS_1257],
        "vn" => vec![WINDOWS_1258],
        "th" => vec![WINDOWS_874],
        "de" | "fr" | "es" | "it" | "pt" | "nl" | "be" | "at" | "ch" | "se" | "no" | "dk"
        | "fi" | "is" | "ie" | "uk" | "br" | "ar" | "mx" | "cl" | "co" | "pe" | "ve" | "lu" => {
            vec![WINDOWS_1252]
        }
        _ => return None,
    };
    Some((tld, list))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declared_parameters() {
        let u = crate::uri::parse("http://h/?IE=Shift_JIS&q=1&oe=gbk&_charset_=nonsense").unwrap();
        let d = declared(&u);
        let names: Vec<&str> = d.iter().map(|(e, _)| e.name()).collect();
        assert_eq!(names, ["Shift_JIS", "gb18030"]);
        assert_eq!(d[0].1, "IE=Shift_JIS");
    }

    #[test]
    fn tlds() {
        assert_eq!(tld_charsets("www.example.jp").unwrap().0, "jp");
        assert_eq!(
            tld_charsets("example.CN.").unwrap().1,
            [encoding_rs::GB18030]
        );
        assert!(tld_charsets("localhost").is_none());
    }
}
