//! Language-neutral views of tree-sitter nodes: comparisons, calls, strings joined from
//! pieces, names, functions and assignments, for the five grammars.

use tree_sitter::Node;

use crate::Language;

/// A parsed source: its text and language.
#[derive(Clone, Copy)]
pub(crate) struct Src<'a> {
    pub text: &'a str,
    pub lang: Language,
}

impl<'a> Src<'a> {
    /// The text of a node.
    pub fn t(&self, n: Node) -> &'a str {
        self.text.get(n.byte_range()).unwrap_or("")
    }
}

/// Equality (`==`, `!=`, `===`) or membership (`in`, `includes`, `in_array`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CmpOp {
    Eq,
    Member,
}

/// One comparison: for membership `left` is the value looked up, `right` the collection.
pub(crate) struct Comparison<'t> {
    pub op: CmpOp,
    pub operator: String,
    pub left: Node<'t>,
    pub right: Node<'t>,
    pub at: Node<'t>,
}

/// A call (or `new X(...)`).
pub(crate) struct Call<'t> {
    pub node: Node<'t>,
    /// The callee as written, without white space (`urllib.parse.quote`).
    pub callee: String,
    /// Its last segment (`quote`).
    pub name: String,
    pub receiver: Option<Node<'t>>,
    pub args: Vec<Node<'t>>,
    pub kwargs: Vec<(String, Node<'t>)>,
}

/// A piece of a string joined from literals and values.
pub(crate) enum Piece<'t> {
    Lit(String),
    Hole(Node<'t>),
    /// A value formatted as a number (`%d`).
    Number,
}

/// A function definition.
pub(crate) struct Func<'t> {
    pub name: String,
    pub node: Node<'t>,
    pub body: Node<'t>,
}

/// What an assignment gives a name: the value, or each element of it (a loop).
pub(crate) enum Bound<'t> {
    Value(Node<'t>),
    Element(Node<'t>),
}

fn field<'t>(n: Node<'t>, name: &str) -> Option<Node<'t>> {
    n.child_by_field_name(name)
}

pub(crate) fn named_children(n: Node) -> Vec<Node> {
    let mut c = n.walk();
    n.named_children(&mut c)
        .filter(|k| k.kind() != "comment")
        .collect()
}

fn children(n: Node) -> Vec<Node> {
    let mut c = n.walk();
    n.children(&mut c).collect()
}

/// Strips parentheses (and Python's `await`, TypeScript's `as` and `!`).
pub(crate) fn strip(mut n: Node) -> Node {
    loop {
        match n.kind() {
            "parenthesized_expression" | "non_null_expression" | "as_expression" | "await" => {
                match named_children(n).first() {
                    Some(&inner) => n = inner,
                    None => return n,
                }
            }
            _ => return n,
        }
    }
}

/// The comparisons a node is (a Python chain `a == b == c` is two).
pub(crate) fn comparisons<'t>(src: &Src, n: Node<'t>) -> Vec<Comparison<'t>> {
    let mut out = Vec::new();
    match (src.lang, n.kind()) {
        (Language::Python, "comparison_operator") => {
            let mut operands = Vec::new();
            let mut ops: Vec<String> = Vec::new();
            let mut pending = String::new();
            for c in children(n) {
                if c.is_named() {
                    if !pending.is_empty() {
                        ops.push(std::mem::take(&mut pending));
                    }
                    operands.push(c);
                } else {
                    if !pending.is_empty() {
                        pending.push(' ');
                    }
                    pending.push_str(src.t(c));
                }
            }
            for (i, op) in ops.iter().enumerate() {
                let (Some(&l), Some(&r)) = (operands.get(i), operands.get(i + 1)) else {
                    break;
                };
                let kind = match op.as_str() {
                    "==" | "!=" => CmpOp::Eq,
                    "in" | "not in" => CmpOp::Member,
                    _ => continue,
                };
                out.push(Comparison {
                    op: kind,
                    operator: op.clone(),
                    left: l,
                    right: r,
                    at: n,
                });
            }
        }
        (_, "binary_expression") => {
            let (Some(l), Some(r), Some(op)) =
                (field(n, "left"), field(n, "right"), field(n, "operator"))
            else {
                return out;
            };
            let op = src.t(op);
            if matches!(op, "==" | "===" | "!=" | "!==" | "<>") {
                out.push(Comparison {
                    op: CmpOp::Eq,
                    operator: op.to_owned(),
                    left: l,
                    right: r,
                    at: n,
                });
            }
        }
        (Language::Go, "short_var_declaration") => {
            // `_, ok := seen[link]`: a set lookup.
            let (Some(left), Some(right)) = (field(n, "left"), field(n, "right")) else {
                return out;
            };
            let value = named_children(right);
            if named_children(left).len() == 2 && value.len() == 1 {
                let v = strip(value[0]);
                if v.kind() == "index_expression" {
                    if let (Some(m), Some(k)) = (field(v, "operand"), field(v, "index")) {
                        out.push(Comparison {
                            op: CmpOp::Member,
                            operator: "map lookup".to_owned(),
                            left: k,
                            right: m,
                            at: v,
                        });
                    }
                }
            }
        }
        _ => {
            if let Some(c) = call(src, n) {
                let member = |needle: usize, coll: Option<Node<'t>>| {
                    let l = c.args.get(needle).copied()?;
                    Some(Comparison {
                        op: CmpOp::Member,
                        operator: format!("{}()", c.name),
                        left: l,
                        right: coll?,
                        at: n,
                    })
                };
                let found = match (src.lang, c.name.as_str()) {
                    (Language::JavaScript | Language::TypeScript | Language::Tsx, "includes")
                    | (Language::JavaScript | Language::TypeScript | Language::Tsx, "has")
                    | (Language::JavaScript | Language::TypeScript | Language::Tsx, "indexOf")
                        if c.args.len() == 1 =>
                    {
                        member(0, c.receiver)
                    }
                    (Language::Php, "in_array" | "array_search") if c.receiver.is_none() => {
                        member(0, c.args.get(1).copied())
                    }
                    (Language::Go, "Contains") if c.callee == "slices.Contains" => {
                        member(1, c.args.first().copied())
                    }
                    _ => None,
                };
                out.extend(found);
            }
        }
    }
    out
}

fn compact(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

fn last_segment(callee: &str) -> String {
    let cut = callee
        .rfind(['.', '>', ':', '\\'])
        .map(|i| i + 1)
        .unwrap_or(0);
    callee.get(cut..).unwrap_or("").to_owned()
}

fn arg_list<'t>(src: &Src, list: Node<'t>) -> (Vec<Node<'t>>, Vec<(String, Node<'t>)>) {
    let mut args = Vec::new();
    let mut kwargs = Vec::new();
    for a in named_children(list) {
        match a.kind() {
            "keyword_argument" => {
                if let (Some(k), Some(v)) = (field(a, "name"), field(a, "value")) {
                    kwargs.push((src.t(k).to_owned(), v));
                }
            }
            // PHP wraps each argument; a named one has a `name` field.
            "argument" => {
                let inner = named_children(a);
                let Some(&v) = inner.last() else { continue };
                match field(a, "name") {
                    Some(k) => kwargs.push((src.t(k).to_owned(), v)),
                    None => args.push(v),
                }
            }
            _ => args.push(a),
        }
    }
    (args, kwargs)
}

/// The call a node is, if it is one.
pub(crate) fn call<'t>(src: &Src, n: Node<'t>) -> Option<Call<'t>> {
    let (callee_node, list, receiver) = match n.kind() {
        "call" | "call_expression" => {
            let f = strip(field(n, "function")?);
            let receiver = match f.kind() {
                "attribute" => field(f, "object"),
                "member_expression" => field(f, "object"),
                "selector_expression" => field(f, "operand"),
                _ => None,
            };
            (f, field(n, "arguments"), receiver)
        }
        "new_expression" => (field(n, "constructor")?, field(n, "arguments"), None),
        "function_call_expression" => (field(n, "function")?, field(n, "arguments"), None),
        "member_call_expression" | "nullsafe_member_call_expression" => {
            (field(n, "name")?, field(n, "arguments"), field(n, "object"))
        }
        "scoped_call_expression" => (field(n, "name")?, field(n, "arguments"), None),
        _ => return None,
    };
    let callee = compact(src.t(callee_node));
    let name = last_segment(&callee);
    let (args, kwargs) = match list {
        Some(l) if matches!(l.kind(), "argument_list" | "arguments") => arg_list(src, l),
        Some(l) => (vec![l], Vec::new()),
        None => (Vec::new(), Vec::new()),
    };
    Some(Call {
        node: n,
        callee,
        name,
        receiver,
        args,
        kwargs,
    })
}

/// Kinds of string literals (with or without interpolation).
pub(crate) fn is_string(n: Node) -> bool {
    matches!(
        n.kind(),
        "string"
            | "template_string"
            | "encapsed_string"
            | "interpreted_string_literal"
            | "raw_string_literal"
            | "concatenated_string"
    )
}

/// The interpolated values of a string node, with their byte ranges.
fn holes<'t>(n: Node<'t>) -> Vec<(Node<'t>, Node<'t>)> {
    let mut out = Vec::new();
    for c in named_children(n) {
        match c.kind() {
            "interpolation" | "template_substitution" => {
                if let Some(&e) = named_children(c).first() {
                    out.push((c, e));
                }
            }
            "string_content"
            | "string_fragment"
            | "escape_sequence"
            | "string_start"
            | "string_end"
            | "string_value"
            | "interpreted_string_literal_content"
            | "raw_string_literal_content"
            | "format_specifier"
            | "type_conversion" => {}
            _ if n.kind() == "encapsed_string" => out.push((c, c)),
            _ => {}
        }
    }
    out
}

fn open_len(s: &str) -> usize {
    let prefix = s.bytes().take_while(|b| b.is_ascii_alphabetic()).count();
    let rest = &s.as_bytes()[prefix..];
    let Some(&q) = rest.first() else {
        return prefix;
    };
    let run = rest.iter().take(3).take_while(|&&b| b == q).count();
    // '' is an empty string, ''' opens a triple-quoted one.
    prefix + if run == 3 { 3 } else { 1 }
}

fn close_len(s: &str) -> usize {
    let Some(&q) = s.as_bytes().last() else {
        return 0;
    };
    let run = s.bytes().rev().take(3).take_while(|&b| b == q).count();
    if run == 3 && s.len() >= 6 {
        3
    } else {
        1
    }
}

/// The pieces of one string literal node.
fn string_pieces<'t>(src: &Src, n: Node<'t>, out: &mut Vec<Piece<'t>>) {
    if n.kind() == "concatenated_string" {
        for c in named_children(n) {
            string_pieces(src, c, out);
        }
        return;
    }
    let text = src.t(n);
    let start = n.start_byte() + open_len(text).min(text.len());
    let end = n.end_byte().saturating_sub(close_len(text)).max(start);
    let mut at = start;
    for (wrapper, expr) in holes(n) {
        let lit = src.text.get(at..wrapper.start_byte()).unwrap_or("");
        out.push(Piece::Lit(lit.to_owned()));
        out.push(Piece::Hole(expr));
        at = wrapper.end_byte();
    }
    out.push(Piece::Lit(src.text.get(at..end).unwrap_or("").to_owned()));
}

/// Splits a printf format into pieces (`%d` and its kin are numbers, other verbs holes).
fn format_pieces<'t>(format: &str, args: &[Node<'t>], out: &mut Vec<Piece<'t>>) {
    let mut lit = String::new();
    let mut args = args.iter();
    let mut chars = format.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            lit.push(c);
            continue;
        }
        let mut verb = None;
        while let Some(&v) = chars.peek() {
            chars.next();
            if v.is_ascii_alphabetic() || v == '%' {
                verb = Some(v);
                break;
            }
        }
        match verb {
            Some('%') => lit.push('%'),
            Some(v) => {
                out.push(Piece::Lit(std::mem::take(&mut lit)));
                match (v, args.next()) {
                    ('d' | 'f' | 'x' | 'X' | 'g' | 'e' | 'b' | 'o' | 't', _) => {
                        out.push(Piece::Number)
                    }
                    (_, Some(&a)) => out.push(Piece::Hole(a)),
                    (_, None) => {}
                }
            }
            None => {}
        }
    }
    out.push(Piece::Lit(lit));
}

/// Whether a node joins strings (`+`, `.`, `%` formatting, `Sprintf`).
pub(crate) fn is_join(src: &Src, n: Node) -> bool {
    match n.kind() {
        "binary_operator" | "binary_expression" => {
            let op = field(n, "operator").map(|o| src.t(o)).unwrap_or("");
            match src.lang {
                Language::Php => op == ".",
                Language::Python => op == "+" || op == "%",
                _ => op == "+",
            }
        }
        "call_expression" if src.lang == Language::Go => {
            call(src, n).is_some_and(|c| c.callee == "fmt.Sprintf")
        }
        _ => false,
    }
}

/// The pieces of a string expression: literals and joined values; `None` when the node is
/// not built from a string (a plain name, a call, a number).
pub(crate) fn pieces<'t>(src: &Src, n: Node<'t>) -> Option<Vec<Piece<'t>>> {
    let n = strip(n);
    let mut out = Vec::new();
    if is_string(n) {
        string_pieces(src, n, &mut out);
        return Some(out);
    }
    if !is_join(src, n) {
        return None;
    }
    if n.kind() == "call_expression" {
        let c = call(src, n)?;
        let (&f, rest) = c.args.split_first()?;
        let mut lit = Vec::new();
        string_pieces(src, strip(f), &mut lit);
        let format: String = lit
            .iter()
            .map(|p| match p {
                Piece::Lit(s) => s.as_str(),
                _ => "",
            })
            .collect();
        format_pieces(&format, rest, &mut out);
        return Some(out);
    }
    let (l, r) = (field(n, "left")?, field(n, "right")?);
    let op = field(n, "operator").map(|o| src.t(o)).unwrap_or("");
    if op == "%" {
        let l = strip(l);
        if !is_string(l) {
            return None;
        }
        let mut lit = Vec::new();
        string_pieces(src, l, &mut lit);
        let format: String = lit
            .iter()
            .map(|p| match p {
                Piece::Lit(s) => s.as_str(),
                _ => "",
            })
            .collect();
        let r = strip(r);
        let args = if r.kind() == "tuple" {
            named_children(r)
        } else {
            vec![r]
        };
        format_pieces(&format, &args, &mut out);
        return Some(out);
    }
    for side in [l, r] {
        match pieces(src, side) {
            Some(p) => out.extend(p),
            None => out.push(Piece::Hole(strip(side))),
        }
    }
    Some(out)
}

/// The literal text of a string node without interpolation, if it is one.
pub(crate) fn literal(src: &Src, n: Node) -> Option<String> {
    let n = strip(n);
    if !is_string(n) {
        return None;
    }
    let mut out = Vec::new();
    string_pieces(src, n, &mut out);
    let mut s = String::new();
    for p in out {
        match p {
            Piece::Lit(l) => s.push_str(&l),
            _ => return None,
        }
    }
    Some(s)
}

/// The name a value goes by: an identifier, an attribute or member, a subscript or `.get()`
/// key (`post["link"]` is `link`).
pub(crate) fn name_of(src: &Src, n: Node) -> Option<String> {
    let n = strip(n);
    match n.kind() {
        "identifier"
        | "property_identifier"
        | "shorthand_property_identifier"
        | "field_identifier"
        | "name" => Some(src.t(n).to_owned()),
        "variable_name" => Some(src.t(n).trim_start_matches('$').to_owned()),
        "attribute" => field(n, "attribute").map(|a| src.t(a).to_owned()),
        "member_expression" => field(n, "property").map(|a| src.t(a).to_owned()),
        "member_access_expression" | "nullsafe_member_access_expression" => {
            field(n, "name").map(|a| src.t(a).to_owned())
        }
        "selector_expression" => field(n, "field").map(|a| src.t(a).to_owned()),
        "subscript" | "subscript_expression" | "index_expression" => {
            let idx = field(n, "subscript")
                .or_else(|| field(n, "index"))
                .or_else(|| named_children(n).get(1).copied())?;
            literal(src, idx)
        }
        _ => None,
    }
}

/// The function a node defines, if it defines one.
pub(crate) fn function<'t>(src: &Src, n: Node<'t>) -> Option<Func<'t>> {
    let (name, body) = match n.kind() {
        "function_definition"
        | "function_declaration"
        | "method_definition"
        | "method_declaration"
        | "generator_function_declaration" => (field(n, "name")?, field(n, "body")?),
        "variable_declarator" => {
            let v = field(n, "value")?;
            if !matches!(
                v.kind(),
                "arrow_function" | "function_expression" | "function"
            ) {
                return None;
            }
            (field(n, "name")?, field(v, "body")?)
        }
        _ => return None,
    };
    Some(Func {
        name: src.t(name).trim_start_matches('$').to_owned(),
        node: n,
        body,
    })
}

/// The names a node binds and what it binds them to.
pub(crate) fn bindings<'t>(src: &Src, n: Node<'t>) -> Vec<(String, Bound<'t>)> {
    let one = |l: Option<Node<'t>>, v: Option<Node<'t>>, element: bool| {
        let (l, v) = (l?, v?);
        let name = match l.kind() {
            "identifier" | "variable_name" | "name" => src.t(l).trim_start_matches('$'),
            _ => return None,
        };
        let b = if element {
            Bound::Element(v)
        } else {
            Bound::Value(v)
        };
        Some((name.to_owned(), b))
    };
    let mut out = Vec::new();
    match n.kind() {
        "assignment" | "assignment_expression" | "augmented_assignment" => {
            out.extend(one(field(n, "left"), field(n, "right"), false))
        }
        "variable_declarator" => out.extend(one(field(n, "name"), field(n, "value"), false)),
        "for_statement" | "for_in_clause" if src.lang == Language::Python => {
            out.extend(one(field(n, "left"), field(n, "right"), true))
        }
        "for_in_statement" => out.extend(one(field(n, "left"), field(n, "right"), true)),
        "foreach_statement" => {
            let kids = named_children(n);
            if let (Some(&coll), Some(&var)) = (kids.first(), kids.get(1)) {
                let var = if var.kind() == "pair" {
                    named_children(var).last().copied().unwrap_or(var)
                } else {
                    var
                };
                out.extend(one(Some(var), Some(coll), true));
            }
        }
        "short_var_declaration" | "assignment_statement" | "range_clause" => {
            let (Some(l), Some(r)) = (field(n, "left"), field(n, "right")) else {
                return out;
            };
            let names = named_children(l);
            let element = n.kind() == "range_clause";
            let values = if element { vec![r] } else { named_children(r) };
            if element {
                // `for _, link := range links`: the last name is the element.
                out.extend(one(names.last().copied(), Some(r), true));
            } else if names.len() == values.len() {
                for (l, v) in names.into_iter().zip(values) {
                    out.extend(one(Some(l), Some(v), false));
                }
            }
        }
        "var_spec" => {
            if let (Some(l), Some(v)) = (field(n, "name"), field(n, "value")) {
                if let Some(&v) = named_children(v).first() {
                    out.extend(one(Some(l), Some(v), false));
                }
            }
        }
        _ => {}
    }
    out
}

/// The body of a comprehension or an arrow function, if the node is one.
pub(crate) fn body_of<'t>(n: Node<'t>) -> Option<Node<'t>> {
    match n.kind() {
        "list_comprehension"
        | "set_comprehension"
        | "generator_expression"
        | "dictionary_comprehension" => field(n, "body"),
        "arrow_function" | "lambda" => field(n, "body"),
        _ => None,
    }
}

/// Container kinds a query builder's argument may nest values in.
pub(crate) fn is_container(n: Node) -> bool {
    matches!(
        n.kind(),
        "dictionary"
            | "pair"
            | "list"
            | "tuple"
            | "set"
            | "object"
            | "array"
            | "array_creation_expression"
            | "array_element_initializer"
            | "composite_literal"
            | "literal_value"
            | "keyed_element"
            | "literal_element"
            | "parenthesized_expression"
            | "expression_list"
    )
}

/// The line (from 1) and column (from 1, in code points) of a byte offset.
pub(crate) fn line_col(text: &str, byte: usize) -> (usize, usize) {
    // A byte inside a character counts as that character's first (0 is a boundary).
    let mut end = byte.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let before = &text[..end];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line = before.matches('\n').count() + 1;
    let col = before[line_start..].chars().count() + 1;
    (line, col)
}

/// Every node of a tree in source order (preorder).
pub(crate) fn preorder(root: Node) -> Vec<Node> {
    let mut out = Vec::new();
    let mut c = root.walk();
    loop {
        out.push(c.node());
        if c.goto_first_child() {
            continue;
        }
        loop {
            if c.goto_next_sibling() {
                break;
            }
            if !c.goto_parent() {
                return out;
            }
        }
    }
}
