//! `urlkit build`: a URL from unencoded components, or each URL of a list edited (segments
//! appended, parameters set, appended or removed, the fragment set), every value encoded
//! once with its component's set; `--canonical` prints what a signer would hash.

use urlkit::build::{check_segment, BuildError, HostInput, QueryFlavor, QueryStyle, UrlBuilder};
use urlkit::flavor::{aws_sigv4, oauth1};
use urlkit::normalize::Form;
use urlkit::uri::parse;

use super::{CliError, CmdResult, Ctx, Status};
use crate::records::{for_each_input, Content, Failure};
use urlkit_records::build::{browser_rewrite, edit, failure, Build, Edits};

const AFTER_HELP: &str = "\
Every value is data: it is encoded once, with the set of the component it goes into.
  --segment       RFC 3986 pchar: '/' '?' '#' '%' are encoded, so 2026/10/report.pdf
                  stays one segment (2026%2F10%2Freport.pdf); '.' and '..' are refused
  --param         form style (default): space '+', '+' as %2B, as URLSearchParams writes;
                  --query-style rfc3986: everything but A-Z a-z 0-9 - . _ ~ encoded, space %20
  --fragment      RFC 3986 fragment
  --host          IDNA (日本語.jp -> xn--wgv71a119e.jp) or an IPv4 / IPv6 address
Edits apply in this order: --host, --port, --segment, --remove-param, --set-param, --param,
--fragment. What no edit touches keeps its bytes. Parameter names given to --set-param and
--remove-param are compared with each existing name decoded once in the query style.

--query-style FLAVOR writes the whole query as another language's builder does, byte for
byte (the existing parameters are read as a form, as URLSearchParams reads them):
  python.urlencode              urllib.parse.urlencode(pairs): quote_plus, '~' kept
  python.urlencode.quote        urlencode(pairs, quote_via=quote): space %20, '/' encoded
  php.http_build_query          http_build_query($data): urlencode, '~' as %7E; a repeated
                                key becomes one array, k%5B0%5D=1&k%5B1%5D=2
  php.http_build_query.rfc3986  http_build_query(.., PHP_QUERY_RFC3986): rawurlencode
  go.Values.Encode              url.Values.Encode(): sorted by key, repeated keys in order
  js.URLSearchParams            URLSearchParams.toString(): '~' as %7E, '*' kept
  ruby.URI.encode_www_form      URI.encode_www_form(pairs): '~' as %7E, '*' kept
  java.URLEncoder               URLEncoder.encode(k, UTF_8) + \"=\" + ..., joined by '&'

When --set-param or --remove-param edits a query that a browser's url.searchParams.set()
would write differently (it rewrites the whole query: ?q=a%20b becomes ?q=a+b), a note on
stderr (--json: \"browser_rewrite\") shows the URL the browser would write;
--query-style js.URLSearchParams writes exactly that URL.

With no URL and no --base, each line of stdin is a URL to edit (batch edits).

--canonical prints what a signer hashes instead of the URL:
  aws.sigv4   the canonical URI (encoded twice; once for S3) and the canonical query string
  oauth1      the base string URI (RFC 5849 §3.4.1.2) and the normalized parameters
              of the query (§3.4.1.3.2)

Examples:
  urlkit build https://example.com/search --param 'q=東京 カフェ' --param tag=C++
      https://example.com/search?q=%E6%9D%B1%E4%BA%AC+%E3%82%AB%E3%83%95%E3%82%A7&tag=C%2B%2B
  urlkit build https://日本語.jp --segment パス
      https://xn--wgv71a119e.jp/%E3%83%91%E3%82%B9
  urlkit build https://example.com --segment 2026/10/report.pdf --to iri
  urlkit build --set-param utm_source=feed < urls.txt        one edited URL per line
  urlkit build --remove-param fbclid --remove-param gclid < urls.txt
  urlkit build https://a/ --param b=2 --param a=1 --query-style go.Values.Encode
      https://a/?a=1&b=2
  urlkit build --canonical aws.sigv4 'https://s3.amazonaws.com/a b/c?x=1&a=2'";

/// Arguments of `urlkit build`.
#[derive(clap::Args, Debug)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// The URL to start from (the same as one URL argument).
    #[arg(long, value_name = "URL", conflicts_with = "urls")]
    base: Option<String>,
    /// Set the host: a domain (through IDNA) or an IPv4 / IPv6 address.
    #[arg(long, value_name = "HOST")]
    host: Option<String>,
    /// Set the port (0 to 65535).
    #[arg(long, value_name = "PORT")]
    port: Option<u32>,
    /// Append a path segment (repeatable): the value is data, a '/' in it is encoded.
    #[arg(long = "segment", value_name = "VALUE")]
    segments: Vec<String>,
    /// Append a query parameter KEY=VALUE (repeatable; no '=' means an empty value).
    #[arg(long = "param", value_name = "KEY=VALUE")]
    params: Vec<String>,
    /// Set a query parameter: the first of that name gets the value, later ones go.
    #[arg(long = "set-param", value_name = "KEY=VALUE")]
    set_params: Vec<String>,
    /// Remove every query parameter of that name (repeatable).
    #[arg(long = "remove-param", value_name = "KEY")]
    remove_params: Vec<String>,
    /// Set the fragment.
    #[arg(long, value_name = "VALUE")]
    fragment: Option<String>,
    /// How query keys and values are encoded: form (space '+'), rfc3986 (space %20), or a
    /// builder flavor that writes the whole query (python.urlencode, go.Values.Encode, ...).
    #[arg(long, value_name = "STYLE", default_value = "form", value_parser = parse_style)]
    query_style: QueryStyle,
    /// Write the URI (ASCII) or the IRI (readable).
    #[arg(long, value_name = "FORM", default_value = "uri", value_parser = parse_form)]
    to: Form,
    /// Print what a signer hashes (aws.sigv4 or oauth1) instead of the URL.
    #[arg(long, value_name = "SCHEME", value_parser = parse_canonical)]
    canonical: Option<Canonical>,
    /// URLs to start from; stdin, one per line, when none is given.
    #[arg(value_name = "URL")]
    urls: Vec<String>,
}

/// A signing scheme's canonical form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Canonical {
    /// AWS Signature Version 4.
    AwsSigv4,
    /// OAuth 1.0 (RFC 5849).
    Oauth1,
}

fn parse_style(name: &str) -> Result<QueryStyle, String> {
    QueryStyle::from_name(name).ok_or_else(|| {
        let flavors: Vec<&str> = QueryFlavor::ALL.iter().map(|f| f.name()).collect();
        format!(
            "unknown query style '{name}'; use form, rfc3986 or one of {}",
            flavors.join(", ")
        )
    })
}

fn parse_form(name: &str) -> Result<Form, String> {
    Form::from_name(name).ok_or_else(|| format!("unknown form '{name}'; use uri or iri"))
}

fn parse_canonical(name: &str) -> Result<Canonical, String> {
    match name {
        "aws.sigv4" => Ok(Canonical::AwsSigv4),
        "oauth1" => Ok(Canonical::Oauth1),
        _ => Err(format!(
            "unknown signing scheme '{name}'; use aws.sigv4 or oauth1"
        )),
    }
}

/// `KEY=VALUE` split at the first `=`.
fn usage(option: &str, value: &str, e: &BuildError) -> CliError {
    CliError::Usage(format!("{option} {value:?}: {}", e.kind().explain()))
}

/// Runs `urlkit build`.
pub fn run(args: &Args, ctx: &Ctx) -> CmdResult {
    // Values that no URL can take are refused before any input is read.
    for s in &args.segments {
        check_segment(s).map_err(|e| usage("--segment", s, &e))?;
    }
    if let Some(h) = &args.host {
        UrlBuilder::new("https")
            .and_then(|b| b.host(HostInput::parse(h)))
            .map_err(|e| usage("--host", h, &e))?;
    }
    if let Some(p) = args.port {
        UrlBuilder::new("https")
            .and_then(|b| b.port(p))
            .map_err(|e| usage("--port", &p.to_string(), &e))?;
    }
    let starts: Vec<String> = match &args.base {
        Some(b) => vec![b.clone()],
        None => args.urls.clone(),
    };
    let edits = args.edits();
    let mut out = ctx.output();
    for_each_input(&starts, Content::Url, &ctx.err_style(), |item| {
        let text = match item.text() {
            Ok(t) => t,
            Err(f) => return out.fail(&item, &f),
        };
        let built = match edit(text, &edits) {
            Ok(b) => b,
            Err(e) => return out.fail(&item, &failure(&e)),
        };
        let (uri, iri) = (built.uri().to_owned(), built.iri());
        let shown = match args.to {
            Form::Uri => &uri,
            Form::Iri => &iri,
        };
        let rewrite = browser_rewrite(text, &edits, &uri);
        let record = |output: &str| Build {
            browser_rewrite: rewrite.clone(),
            ..Build::new(item.display(), output, uri.clone(), iri.clone())
        };
        match args.canonical {
            None => out.ok(shown, || record(shown))?,
            Some(c) => match canonical(c, &uri) {
                Ok((lines, fields)) => out.ok(&lines, || Build {
                    canonical: Some(fields),
                    ..record(&lines)
                })?,
                Err(f) => return out.fail(&item, &f),
            },
        }
        match &rewrite {
            Some(r) => out.note(
                &item,
                &format!("a browser's url.searchParams.set(...) rewrites the whole query: {r}"),
            ),
            None => Ok(()),
        }
    })?;
    let failures = out.finish()?;
    Ok(Status::from_count(failures))
}

impl Args {
    /// The edits these arguments ask for.
    fn edits(&self) -> Edits {
        Edits {
            host: self.host.clone(),
            port: self.port,
            segments: self.segments.clone(),
            params: self.params.clone(),
            set_params: self.set_params.clone(),
            remove_params: self.remove_params.clone(),
            fragment: self.fragment.clone(),
            query_style: self.query_style,
        }
    }
}

/// The canonical form's text lines and JSON fields.
fn canonical(
    c: Canonical,
    uri: &str,
) -> Result<(String, urlkit_records::build::Canonical), Failure> {
    let u = parse(uri).map_err(|e| Failure::new("invalid-url", e.to_string()))?;
    match c {
        Canonical::AwsSigv4 => {
            let generic = aws_sigv4::canonical_uri(u.path(), aws_sigv4::Service::Generic);
            let s3 = aws_sigv4::canonical_uri(u.path(), aws_sigv4::Service::S3);
            let query = aws_sigv4::canonical_query(u.query());
            let lines = format!(
                "canonical URI         {generic}\ncanonical URI (S3)    {s3}\ncanonical query       {query}"
            );
            let fields = urlkit_records::build::Canonical::AwsSigv4 {
                query: query.to_string(),
                scheme: "aws.sigv4",
                uri: generic.to_string(),
                uri_s3: s3.to_string(),
            };
            Ok((lines, fields))
        }
        Canonical::Oauth1 => {
            let base = oauth1::base_string_uri(uri)
                .map_err(|e| Failure::new(e.kind().name(), e.to_string()))?;
            // No query contributes no parameters, as an empty one does (RFC 5849 §3.4.1.3.1).
            let params =
                oauth1::normalized_parameters(&oauth1::query_parameters(u.query().unwrap_or("")));
            let lines = format!("base string URI       {base}\nnormalized parameters {params}");
            let fields = urlkit_records::build::Canonical::Oauth1 {
                base_string_uri: base.to_string(),
                normalized_parameters: params.to_string(),
                scheme: "oauth1",
            };
            Ok((lines, fields))
        }
    }
}
