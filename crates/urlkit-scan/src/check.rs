//! The rules of one file (S001, S003 to S007) and the project rule's finding (S002).

use std::collections::{HashMap, HashSet};

use tree_sitter::Node;

use crate::calls::{component_encoder, encoder, is_decoder, transformed};
use crate::names::{key_name, normalizer_name, tokens, url_name};
use crate::rules::info;
use crate::source::SourceFile;
use crate::syntax::{
    self, body_of, call, comparisons, is_container, line_col, literal, name_of, pieces, preorder,
    strip, Bound, Call, CmpOp, Piece, Src,
};
use crate::{Finding, Language};

/// A URL normalization routine of the project.
pub(crate) struct Routine {
    pub file: usize,
    pub name: String,
    pub node_id: usize,
    pub span: std::ops::Range<usize>,
    pub name_at: usize,
    /// Names its body mentions (the routines it calls).
    pub mentions: HashSet<String>,
}

const EV_CASE: &str =
    "urlkit compare --explain 'https://example.com/%E9%81%8B/' 'https://example.com/%e9%81%8b/'";
const EV_RAW: &str =
    "urlkit compare --explain 'https://example.com/%e9%81%8b/' 'https://example.com/運/'";
const EV_SLASH: &str =
    "urlkit compare --explain 'https://example.com/a%2Fb/' 'https://example.com/a/b/'";
const EV_DOUBLE: &str = "urlkit lint 'https://example.com/?tag=%25E9%2581%258B'";
const EV_REQUEST: &str = "urlkit lint 'https://example.com/tag/ログイン/'";

#[derive(Default, Clone)]
struct Facts<'t> {
    url: bool,
    normalized: Option<String>,
    decoded: bool,
    value: Option<Node<'t>>,
}

struct Checker<'a, 't> {
    src: Src<'a>,
    facts: HashMap<String, Facts<'t>>,
    routines: &'a HashSet<String>,
    roots: &'a HashSet<String>,
    routine_ids: &'a HashSet<usize>,
    hole_before: HashMap<usize, String>,
    out: Vec<Finding>,
}

fn short(s: &str) -> String {
    let s: String = s.split_whitespace().collect::<Vec<_>>().join(" ");
    if s.chars().count() > 48 {
        let cut: String = s.chars().take(45).collect();
        format!("{cut}...")
    } else {
        s
    }
}

impl<'a, 't> Checker<'a, 't> {
    fn t(&self, n: Node) -> String {
        short(self.src.t(n))
    }

    fn push(&mut self, code: &str, n: Node, message: String, evidence: &str) {
        let r = info(code);
        let (line, column) = line_col(self.src.text, n.start_byte());
        self.out.push(Finding {
            code: r.code,
            rule: r.name,
            line,
            column,
            span: n.start_byte()..n.end_byte(),
            message,
            evidence: evidence.to_owned(),
        });
    }

    fn fact(&self, n: Node) -> Option<&Facts<'t>> {
        let n = strip(n);
        if matches!(n.kind(), "identifier" | "variable_name" | "name") {
            self.facts.get(self.src.t(n).trim_start_matches('$'))
        } else {
            None
        }
    }

    fn is_normalizer_call(&self, c: &Call) -> bool {
        normalizer_name(&c.name) || self.routines.contains(&c.name)
    }

    fn callback_normalizer(&self, f: Node<'t>) -> Option<String> {
        let f = strip(f);
        if let Some(lit) = literal(&self.src, f) {
            return (normalizer_name(&lit) || self.routines.contains(&lit)).then_some(lit);
        }
        if let Some(b) = body_of(f) {
            return self.normalized(b);
        }
        let name = name_of(&self.src, f)?;
        (normalizer_name(&name) || self.routines.contains(&name)).then_some(name)
    }

    /// The normalizer a value went through (`*` for a name that says it is a key).
    fn normalized(&self, n: Node<'t>) -> Option<String> {
        let n = strip(n);
        if let Some(b) = body_of(n) {
            return self.normalized(b);
        }
        if let Some(c) = call(&self.src, n) {
            if is_decoder(&self.src, &c) {
                return Some(format!("decode:{}", c.name));
            }
            if self.is_normalizer_call(&c) {
                return Some(c.name);
            }
            if let Some(inner) = transformed(&self.src, &c) {
                return self.normalized(inner);
            }
            return match c.name.as_str() {
                "map" if self.src.lang == Language::Python => {
                    self.callback_normalizer(*c.args.first()?)
                }
                "map" => self.callback_normalizer(*c.args.first()?),
                "array_map" => self.callback_normalizer(*c.args.first()?),
                _ => None,
            };
        }
        if let Some(f) = self.fact(n) {
            if f.normalized.is_some() {
                return f.normalized.clone();
            }
        }
        let name = name_of(&self.src, n)?;
        key_name(&name).then(|| "*".to_owned())
    }

    fn url_like(&self, n: Node<'t>) -> bool {
        let n = strip(n);
        if let Some(lit) = literal(&self.src, n) {
            return lit.contains("://");
        }
        if let Some(b) = body_of(n) {
            return self.url_like(b);
        }
        if let Some(c) = call(&self.src, n) {
            if let Some(inner) = transformed(&self.src, &c) {
                return self.url_like(inner);
            }
            if c.name == "get" && self.src.lang == Language::Python {
                if let Some(k) = c.args.first().and_then(|a| literal(&self.src, *a)) {
                    return url_name(&k, true);
                }
            }
            return matches!(
                c.name.as_str(),
                "urljoin" | "geturl" | "urlunparse" | "urlunsplit" | "ResolveReference"
            );
        }
        if let Some(p) = pieces(&self.src, n) {
            return p
                .iter()
                .any(|p| matches!(p, Piece::Lit(l) if l.contains("://")));
        }
        if let Some(f) = self.fact(n) {
            if f.url {
                return true;
            }
        }
        if let Some(name) = name_of(&self.src, n) {
            return url_name(&name, true);
        }
        // An element of a URL list: `links[i]`.
        if matches!(
            n.kind(),
            "subscript" | "subscript_expression" | "index_expression"
        ) {
            if let Some(&obj) = syntax::named_children(n).first() {
                return self.url_like(obj);
            }
        }
        false
    }

    /// A whole URL (not a slug): a literal with a scheme or a URL-named value.
    fn whole_url(&self, n: Node<'t>) -> bool {
        let n = strip(n);
        if let Some(lit) = literal(&self.src, n) {
            return lit.contains("://");
        }
        name_of(&self.src, n).is_some_and(|m| url_name(&m, false))
    }

    fn decoded(&self, n: Node<'t>) -> Option<Node<'t>> {
        let n = strip(n);
        if let Some(c) = call(&self.src, n) {
            if is_decoder(&self.src, &c) {
                return Some(n);
            }
            return transformed(&self.src, &c).and_then(|i| self.decoded(i));
        }
        self.fact(n).filter(|f| f.decoded).map(|_| n)
    }

    fn learn(&mut self, name: String, bound: Bound<'t>) {
        let (v, element) = match bound {
            Bound::Value(v) => (v, false),
            Bound::Element(v) => (v, true),
        };
        let mut f = Facts {
            url: self.url_like(v),
            normalized: self.normalized(v),
            decoded: !element && self.decoded(v).is_some(),
            value: (!element).then_some(v),
        };
        if let Some(old) = self.facts.get(&name) {
            // A name bound twice keeps what is known of either (fewer findings, not more).
            f.normalized = f.normalized.or(old.normalized.clone());
            f.url |= old.url;
        }
        self.facts.insert(name, f);
    }

    fn plain_side(&self, n: Node) -> bool {
        let n = strip(n);
        if let Some(lit) = literal(&self.src, n) {
            return !lit.contains('%') && lit.is_ascii();
        }
        matches!(
            n.kind(),
            "none"
                | "null"
                | "nil"
                | "undefined"
                | "true"
                | "false"
                | "integer"
                | "float"
                | "number"
                | "int_literal"
                | "float_literal"
                | "boolean"
                | "list"
                | "array"
                | "tuple"
                | "dictionary"
                | "object"
        ) || (n.kind() == "string" && self.src.t(n).len() <= 2)
    }

    fn compare(&mut self, c: syntax::Comparison<'t>) {
        for side in [c.left, c.right] {
            if let Some(d) = self.decoded(side) {
                let what = self.t(d);
                self.push(
                    "S003",
                    d,
                    format!("`{what}` is compared after percent-decoding: `%2F` becomes `/` and `+` may become a space, so different URLs get one key"),
                    EV_SLASH,
                );
            }
        }
        if self.plain_side(c.left) || self.plain_side(c.right) {
            return;
        }
        let (l, r) = (c.left, c.right);
        // `'%' in url` is a substring test, not a lookup.
        if c.op == CmpOp::Member && literal(&self.src, l).is_some() {
            return;
        }
        let (nl, nr) = (self.normalized(l), self.normalized(r));
        let op = &c.operator;
        if let (Some(a), Some(b)) = (&nl, &nr) {
            if a != b && self.roots.contains(a) && self.roots.contains(b) {
                let msg = format!("the sides of `{op}` go through two normalizers, `{a}` and `{b}`: where they differ, one page compares unequal to itself");
                self.push("S001", c.at, msg, EV_CASE);
            }
            return;
        }
        if !(self.url_like(l) || self.url_like(r)) {
            return;
        }
        match (c.op, nl, nr) {
            (_, Some(_), Some(_)) => {}
            (CmpOp::Member, Some(_), None) => {}
            (CmpOp::Member, None, _) => {
                let (lt, rt) = (self.t(l), self.t(r));
                let msg = format!("`{lt}` is looked up in `{rt}` with `{op}` as written: the same page spelled `%E3`, `%e3` or as raw text is not found; look up the normalized value in a set of normalized keys");
                self.push("S001", c.at, msg, EV_CASE);
            }
            (CmpOp::Eq, a, b) => {
                let (lt, rt) = (self.t(l), self.t(r));
                let msg = match a.or(b) {
                    Some(norm) => format!("only one side of `{lt} {op} {rt}` goes through `{norm}`: the other is compared as written, so `%E3`, `%e3` and raw text differ"),
                    None => format!("`{lt}` and `{rt}` are compared with `{op}` as strings: the same page spelled `%E3`, `%e3` or as raw text compares unequal; pass both through the shared normalizer"),
                };
                self.push("S001", c.at, msg, EV_CASE);
            }
        }
    }

    fn in_routine(&self, n: Node) -> Option<String> {
        let mut p = n.parent();
        while let Some(a) = p {
            if let Some(f) = syntax::function(&self.src, a) {
                if self.routine_ids.contains(&a.id()) || normalizer_name(&f.name) {
                    return Some(f.name);
                }
                return None;
            }
            p = a.parent();
        }
        None
    }

    /// An encoder call in a builder's argument, through dicts, lists and pairs.
    fn encoded_inside(&self, n: Node<'t>, depth: usize) -> Option<Node<'t>> {
        let n = strip(n);
        if let Some(c) = call(&self.src, n) {
            return encoder(&self.src, &c).map(|_| n);
        }
        if depth > 6 || !is_container(n) {
            return None;
        }
        let kids = syntax::named_children(n);
        let kids = if matches!(
            n.kind(),
            "pair" | "keyed_element" | "array_element_initializer"
        ) {
            kids.last().copied().into_iter().collect()
        } else {
            kids
        };
        kids.into_iter()
            .find_map(|k| self.encoded_inside(k, depth + 1))
    }

    fn double(&mut self, c: &Call<'t>) {
        let src = self.src;
        let enc = encoder(&src, c);
        if let (Some(outer), Some(&a)) = (enc, c.args.first()) {
            if let Some(inner) = call(&src, strip(a)).filter(|i| encoder(&src, i).is_some()) {
                let (it, name) = (self.t(inner.node), c.name.clone());
                let msg = format!("`{name}` encodes `{it}`, which is already encoded: its `%` becomes `%25` ({outer} over an encoded value)");
                self.push("S006", c.node, msg, EV_DOUBLE);
                return;
            }
        }
        let builder_arg = match (src.lang, c.name.as_str()) {
            (Language::Python, "urlencode") | (Language::Php, "http_build_query") => {
                c.args.first().copied()
            }
            (Language::JavaScript | Language::TypeScript | Language::Tsx, "URLSearchParams") => {
                c.args.first().copied()
            }
            (Language::JavaScript | Language::TypeScript | Language::Tsx, "set" | "append")
            | (Language::Go, "Set" | "Add")
                if c.args.len() == 2 =>
            {
                c.args.get(1).copied()
            }
            (Language::Python, _)
                if c.callee.starts_with("requests.") || c.callee.starts_with("httpx.") =>
            {
                c.kwargs
                    .iter()
                    .find(|(k, _)| k == "params" || k == "data")
                    .map(|(_, v)| *v)
            }
            _ => None,
        };
        if let Some(inner) = builder_arg.and_then(|a| self.encoded_inside(a, 0)) {
            let (it, name) = (self.t(inner), c.name.clone());
            let msg = format!("`{it}` is handed to `{name}`, which encodes it again: `%` becomes `%25`; hand the raw value to the builder");
            self.push("S006", inner, msg, EV_DOUBLE);
        }
    }

    fn component_on_url(&mut self, n: Node<'t>, context: &str) -> bool {
        let src = self.src;
        let Some(c) = call(&src, strip(n)) else {
            return false;
        };
        let Some(flavor) = component_encoder(&src, &c) else {
            return false;
        };
        let Some(&a) = c.args.first() else {
            return false;
        };
        if !self.whole_url(a) {
            return false;
        }
        let (ct, at) = (self.t(c.node), self.t(a));
        let msg = format!("`{ct}` encodes the whole URL `{at}` as one component ({context}): `:` and `/` are escaped, and the result is no longer an absolute URL");
        let ev = format!("urlkit encode --as {flavor} 'https://example.com/運/'");
        self.push("S005", c.node, msg, &ev);
        true
    }

    fn hole_context(&mut self, n: Node<'t>) {
        let src = self.src;
        if n.parent().is_some_and(|p| syntax::is_join(&src, p)) {
            return;
        }
        let Some(ps) = pieces(&src, n) else { return };
        let mut before = String::new();
        for p in ps {
            match p {
                Piece::Lit(l) => before.push_str(&l),
                Piece::Hole(h) => {
                    self.hole_before
                        .entry(strip(h).id())
                        .or_insert_with(|| before.clone());
                    before.push_str("{}");
                }
                Piece::Number => before.push('0'),
            }
        }
    }

    fn component_misuse(&mut self, c: &Call<'t>) {
        let Some(before) = self.hole_before.get(&c.node.id()).cloned() else {
            return;
        };
        let src = self.src;
        let ct = self.t(c.node);
        let in_query = before.contains('?');
        match encoder(&src, c) {
            Some("python.quote") if in_query && component_encoder(&src, c).is_some() => {
                let msg = format!("`{ct}` encodes a query value with `quote()`'s default `safe='/'`: `/` stays raw, and the bytes differ from what `urlencode()` or `quote_plus()` write; pass `safe=''` or build the query with `urlencode()`");
                self.push(
                    "S004",
                    c.node,
                    msg,
                    "urlkit encode --as python.quote 'a/b c&d'",
                );
            }
            Some("go.PathEscape") if in_query => {
                let msg = format!("`{ct}` encodes a query value with `url.PathEscape`, which leaves `&`, `=` and `+` raw: a value holding them starts another parameter; use `url.QueryEscape` or `url.Values`");
                self.push(
                    "S004",
                    c.node,
                    msg,
                    "urlkit encode --as go.PathEscape 'a&b=c+d'",
                );
            }
            Some("js.encodeURI") if !before.trim().is_empty() => {
                let msg = format!("`{ct}` encodes one component with `encodeURI`, which leaves `?`, `&`, `=`, `#` and `/` raw: a value holding them breaks the URL; use `encodeURIComponent`");
                self.push(
                    "S004",
                    c.node,
                    msg,
                    "urlkit encode --as js.encodeURI 'a&b=c/d?#'",
                );
            }
            _ => {}
        }
    }

    fn request_url(&self, c: &Call<'t>) -> Option<Node<'t>> {
        let arg = |i: usize| c.args.get(i).copied();
        match self.src.lang {
            Language::Python => {
                let lib = c.callee.starts_with("requests.") || c.callee.starts_with("httpx.");
                match c.name.as_str() {
                    "urlopen" => arg(0),
                    "Request"
                        if matches!(
                            c.callee.as_str(),
                            "Request" | "urllib.request.Request" | "request.Request"
                        ) =>
                    {
                        arg(0)
                    }
                    "get" | "post" | "put" | "patch" | "delete" | "head" | "options" if lib => {
                        arg(0)
                            .or_else(|| c.kwargs.iter().find(|(k, _)| k == "url").map(|(_, v)| *v))
                    }
                    "request" if lib => arg(1),
                    _ => None,
                }
            }
            Language::JavaScript | Language::TypeScript | Language::Tsx => {
                match c.callee.as_str() {
                    "fetch" | "window.fetch" | "axios" | "axios.get" | "axios.post"
                    | "axios.put" | "axios.delete" | "axios.head" | "axios.patch" => arg(0),
                    _ => None,
                }
            }
            Language::Php => match c.name.as_str() {
                "file_get_contents" | "curl_init" if c.receiver.is_none() => arg(0),
                "curl_setopt" if arg(1).is_some_and(|o| self.src.t(o) == "CURLOPT_URL") => arg(2),
                _ => None,
            },
            Language::Go => match c.callee.as_str() {
                "http.Get" | "http.Head" | "http.Post" | "http.PostForm" => arg(0),
                "http.NewRequest" => arg(1),
                "http.NewRequestWithContext" => arg(2),
                _ if c.name == "Get"
                    && c.receiver
                        .and_then(|r| name_of(&self.src, r))
                        .is_some_and(|r| r.to_lowercase().contains("client")) =>
                {
                    arg(0)
                }
                _ => None,
            },
        }
    }

    /// A value joined into a URL as raw text: not encoded, not a number, not a URL itself.
    fn raw_hole(&self, h: Node<'t>) -> bool {
        let h = strip(h);
        if let Some(c) = call(&self.src, h) {
            // Only text transforms of a raw value keep it raw; any other call is not known.
            return transformed(&self.src, &c).is_some_and(|i| self.raw_hole(i));
        }
        if literal(&self.src, h).is_some() || self.plain_side(h) {
            return false;
        }
        if self.normalized(h).is_some() {
            return false;
        }
        let Some(name) = name_of(&self.src, h) else {
            return false;
        };
        let t = tokens(&name);
        let exempt = t.iter().any(|x| {
            matches!(
                x.as_str(),
                "id" | "ids"
                    | "page"
                    | "n"
                    | "i"
                    | "j"
                    | "count"
                    | "limit"
                    | "offset"
                    | "per"
                    | "size"
                    | "num"
                    | "number"
                    | "port"
                    | "year"
                    | "month"
                    | "day"
                    | "version"
                    | "ver"
                    | "timeout"
                    | "index"
                    | "idx"
                    | "lat"
                    | "lng"
                    | "lon"
                    | "base"
                    | "api"
                    | "root"
                    | "host"
                    | "endpoint"
                    | "origin"
                    | "site"
                    | "domain"
                    | "server"
                    | "prefix"
                    | "encoded"
                    | "escaped"
                    | "quoted"
                    | "qs"
                    | "query"
                    | "path"
                    | "token"
                    | "hash"
                    | "sha"
                    | "uuid"
                    | "sort"
                    | "order"
                    | "format"
                    | "lang"
                    | "locale"
            )
        });
        !exempt && !url_name(&name, false)
    }

    fn raw_in_url(&self, n: Node<'t>, depth: usize) -> Option<(Node<'t>, bool)> {
        let n = strip(n);
        if depth < 3 {
            if let Some(v) = self.fact(n).and_then(|f| f.value) {
                return self.raw_in_url(v, depth + 1);
            }
        }
        let ps = pieces(&self.src, n)?;
        let mut urlish = false;
        for p in &ps {
            if let Piece::Lit(l) = p {
                if !l.is_ascii() {
                    return Some((n, true));
                }
                urlish |= l.contains('/') || l.contains('?') || l.contains('=');
            }
        }
        if !urlish {
            return None;
        }
        ps.iter().find_map(|p| match p {
            Piece::Hole(h) if self.raw_hole(*h) => Some((*h, false)),
            _ => None,
        })
    }

    fn request(&mut self, c: &Call<'t>) {
        let Some(u) = self.request_url(c) else { return };
        let what = c.callee.clone();
        if self.component_on_url(u, &format!("then requested with `{what}`")) {
            return;
        }
        if let Some((at, literal)) = self.raw_in_url(u, 0) {
            let t = self.t(at);
            let msg = if literal {
                format!("`{what}` requests `{t}`, which holds raw non-ASCII text: encode it first (`quote()`, `encodeURI()`)")
            } else {
                format!("`{what}` requests a URL joined from `{t}`, which no encoder went over: raw non-ASCII text in it fails the request or is sent as raw bytes; encode it first")
            };
            self.push("S007", c.node, msg, EV_REQUEST);
        }
    }

    fn node(&mut self, n: Node<'t>) {
        let src = self.src;
        for b in syntax::bindings(&src, n) {
            let (name, value) = match &b {
                (name, Bound::Value(v)) => (name.clone(), Some(*v)),
                (name, Bound::Element(_)) => (name.clone(), None),
            };
            if let Some(v) = value {
                if url_name(&name, false) {
                    self.component_on_url(v, &format!("kept as `{name}`"));
                }
                if key_name(&name) {
                    if let Some(d) = self.decoded(v) {
                        let dt = self.t(d);
                        let msg = format!("the key `{name}` is built with `{dt}`: decoding makes `%2F` and `/` (and, for form decoders, `+` and a space) one key");
                        self.push("S003", d, msg, EV_SLASH);
                    }
                }
            }
            self.learn(b.0, b.1);
        }
        if syntax::is_join(&src, n) || syntax::is_string(n) {
            self.hole_context(n);
        }
        for c in comparisons(&src, n) {
            self.compare(c);
        }
        if let Some(c) = call(&src, n) {
            if is_decoder(&src, &c) {
                if let Some(f) = self.in_routine(n) {
                    let ct = self.t(n);
                    let msg = format!("`{f}` normalizes with `{ct}`: decoding makes `%2F` and `/` one key (and `+` a space for form decoders); upper-case the hex instead of decoding");
                    self.push("S003", n, msg, EV_SLASH);
                }
            }
            self.double(&c);
            self.component_misuse(&c);
            self.request(&c);
        }
    }
}

/// The findings of rules S001 and S003 to S007 in one file.
pub(crate) fn file(
    src: &Src,
    root: Node,
    routines: &HashSet<String>,
    roots: &HashSet<String>,
    routine_ids: &HashSet<usize>,
) -> Vec<Finding> {
    let mut c = Checker {
        src: *src,
        facts: HashMap::new(),
        routines,
        roots,
        routine_ids,
        hole_before: HashMap::new(),
        out: Vec::new(),
    };
    for n in preorder(root) {
        c.node(n);
    }
    c.out
}

/// The S002 finding of one normalization routine, naming the others.
pub(crate) fn several(src: &Src, r: &Routine, all: &[&Routine], files: &[SourceFile]) -> Finding {
    let rule = info("S002");
    let (line, column) = line_col(src.text, r.name_at);
    let others: Vec<String> = all
        .iter()
        .filter(|o| !std::ptr::eq(**o, r))
        .map(|o| {
            let f = files
                .get(o.file)
                .map(|f| (f.name, f.source))
                .unwrap_or(("", ""));
            let (l, _) = line_col(f.1, o.name_at);
            if f.0.is_empty() {
                format!("`{}` (line {l})", o.name)
            } else {
                format!("`{}` ({}:{l})", o.name, f.0)
            }
        })
        .collect();
    Finding {
        code: rule.code,
        rule: rule.name,
        line,
        column,
        span: r.span.clone(),
        message: format!(
            "`{}` normalizes URLs by itself, and so does {}: where they differ, one path matches a URL and the other does not; keep one normalizer and call it everywhere",
            r.name,
            others.join(", ")
        ),
        evidence: EV_RAW.to_owned(),
    }
}
