# The page's text in English (crates/urlkit-web/assets/index.html and app.js place it by id).
# No message takes an argument: what varies is shown beside a label.

-urlkit = urlkit

page-title = { -urlkit }
tagline = URL percent-encoding, comparison and repair, computed by the same library as the { -urlkit } command. Nothing leaves this machine.
tagline-site = URL percent-encoding, comparison and repair, computed in this browser by the same library as the { -urlkit } command (WebAssembly). Nothing leaves this page.
panels =
    .aria-label = Panels
language = Language

tab-encode = Encode
tab-decode = Decode
tab-compare = Compare
tab-lint = Lint
tab-build = Build
tab-reconcile = Reconcile
tab-cd = Content-Disposition
tab-base64 = Base64
tab-scan = Scan code

copy = Copy
    .title = Copy this output
copied = Copied
error = error

## Encode
enc-heading = Encode
enc-text = Text
enc-hint = Every language's encoder, side by side (urlkit table). Highlighted: written differently from RFC 3986.
enc-explain-heading = Character by character (urlkit explain)
enc-explain-hint = · kept as is, %XX written as its UTF-8 bytes, + written as '+'.
enc-warning-already-encoded = Already percent-encoded: encoding it again writes each % as %25 (double encoding). The Decode panel shows what the escapes stand for; the Build panel encodes each part of a URL once.
enc-warning-whole-url = This is a whole URL, not a component: encoding it encodes its delimiters (: / ? = …), and the result is no longer a URL. The Build panel encodes each part once; the Compare panel shows a URL's other spellings.
enc-warning-at = first at byte
col-flavor = flavor
col-output = output
col-differs = differs from RFC 3986
same-as-rfc3986 = = rfc3986
space = space
col-char = char
col-code = code
col-utf8 = UTF-8

## Decode
dec-heading = Decode
dec-text = Percent-encoded text or URL
dec-convert-heading = Every reading (urlkit convert)
dec-convert-hint = + plausible: changes the text, reads UTF-8, prints, round-trips, encodes no escape again.
dec-repair-heading = Legacy charset and mojibake repair (urlkit repair)
mode-strict = strict
mode-lenient = lenient
mode-form = form
repair-needs-url = repair reads URLs:
verdict = verdict:
repaired = repaired:
col-charset = charset
col-score = score
col-kept = kept
col-reading = reading
col-evidence = evidence
yes = yes
no = no
repair-verdict-repaired = repaired: one reading remained
repair-verdict-unchanged = unchanged: nothing to repair
repair-verdict-ambiguous = ambiguous: several readings remain, nothing was changed
repair-verdict-none = no charset reads these bytes, nothing was changed

## Compare
cmp-heading = Compare
cmp-a = URL A
cmp-b = URL B
level = Level
cmp-parse-heading = RFC 3986 and browser views (urlkit parse)
cmp-equal = Equal at the chosen level
cmp-different = Different at the chosen level
cmp-lowest = lowest level at which they are equal:
cmp-lowest-none = none
ladder =
    .aria-label = verdict at each level
ladder-equal = equal
ladder-different = different
browser = browser
browser-same = same
browser-different = different
browser-rejects = rejects one
cmp-rules = rules that made them equal:
cmp-difference = first real difference, in the
cmp-report = report (as urlkit compare prints it)
rfc3986 = RFC 3986
rfc-rejects = RFC 3986 rejects it:
browser-rejects-it = a browser rejects it:
component-scheme = scheme
component-userinfo = userinfo
component-host = host
component-port = port
component-path = path
component-query = query
component-fragment = fragment

## Lint
lint-heading = Lint
lint-text = URLs, one a line
lint-none-yet = no URL yet
lint-no-findings = no findings
lint-fix = Apply safe fixes
lint-bytes = bytes
lint-rule-doc = Rule
family-correctness = correctness
family-interoperability = interoperability
family-style = style
family-security = security
severity-error = error
severity-warning = warning
severity-note = note
doc-list-scope = Looks at the whole input list.
doc-aliases = Aliases (WHATWG validation errors):
doc-what = What it does
doc-why = Why it matters
doc-example = Example
doc-use-instead = Use instead
doc-fix-safety = Fix safety
doc-references = References

## Build and round trip
bld-heading = Build and round trip
bld-base = Scheme and host (or a URL to add to)
bld-segments = Path segments, one a line, unencoded
bld-params = Query parameters, key=value a line, unencoded
bld-fragment = Fragment
bld-style = Query written as (form, RFC 3986, or another language's builder)
bld-set = Parameters to set (key=value a line: the first of that name gets the value, later ones go)
bld-remove = Parameters to remove (a name a line)
bld-rewrite = A browser's url.searchParams.set() would rewrite the whole query:
bld-qr =
    .aria-label = QR code of the URI
rt-heading = Encoder × decoder (urlkit roundtrip)
rt-values = Values, one a line (at most 8)
rt-none-yet = no value yet
rt-corner = encoder \ decoder
rt-legend = Legend:
rt-exact = ✓ every value comes back as it was
rt-lossy = ✗n: n values come back different (or the decoder fails); the details are listed below the table
rt-all-back = every value comes back
rt-fails = (fails)

## Reconcile
rec-heading = Reconcile
rec-hint = Paste or drop two lists: text (one URL a line), CSV, sitemap XML or WordPress REST JSON. The files are read by this page, not by a server.
rec-left = Left (your list)
rec-right = Right (the site)
rec-file = or choose a file
rec-csv = Download CSV
rec-md = Download Markdown
rec-paste-both = paste both lists
rec-side-left = Left
rec-side-right = Right
rec-matched = matched
rec-missing = missing (only in the left list)
rec-extra = extra (only in the right list)
rec-records = URLs
rec-told-name = told by its file name
rec-told-content = told by its content
rec-format-csv = CSV
rec-format-tsv = TSV
rec-format-text = text, one URL a line
rec-format-sitemap = sitemap XML
rec-format-wp = WordPress REST JSON
rec-format-json = JSON
rec-col-status = status
rec-col-url = URL
rec-col-title = title
rec-col-type = type
rec-col-source = where
rec-status-missing = missing
rec-status-extra = extra
rec-all-matched = Every URL of each list has its match in the other.
rec-from-file = from the file
rec-line = line
rec-finding-whitespace-removed = spaces around the URL removed
rec-finding-whitespace-removed-count = spaces around URLs removed
rec-finding-bom-removed = byte order mark removed
rec-finding-text-not-a-url = not a URL; not compared
rec-finding-text-not-urls = these lines are not URLs; not compared
rec-finding-text-invalid-utf8 = not UTF-8; not compared
rec-finding-list-not-a-url = not a URL; not compared
rec-finding-csv-column-chosen = the URL column was chosen from its header or its cells
rec-finding-csv-empty-cell = an empty URL cell; not compared
rec-finding-csv-invalid-utf8 = a cell that is not UTF-8; not compared
rec-finding-sitemap-index-fetches = a sitemap index: the sitemaps it lists are not read here
rec-finding-other = a note of the reader
rec-error-empty = no URL found in this list
rec-error-unreadable = this list cannot be read
rec-not-utf8 = this file is not UTF-8 text; save it as UTF-8 and choose it again

## Content-Disposition and Base64
cd-heading = Content-Disposition
cd-text = File name, or a header value to read
cd-mode = Mode
cd-attachment = build: attachment
cd-inline = build: inline
cd-parse = read a header value
cd-fallback-name = ASCII fallback name (optional, ISO-8859-1)
cd-disposition = disposition
cd-charset = charset
cd-fallback = fallback
b64-heading = Base64 and base64url
b64-text = Text
b64-way = Direction
b64-encode = encode
b64-decode = decode
b64-alphabet = Alphabet
b64-standard = standard (RFC 4648 §4)
b64-url = base64url (RFC 4648 §5)
b64-reading = Decoding
b64-lenient = lenient: either alphabet, padding optional, whitespace ignored
b64-strict = strict RFC 4648

## Footer
footer = Share a result: the page address holds the panel's input and the language.
permalink = Permalink
loading = Loading the module…

scan-heading = Scan source code for URL mistakes
scan-language = Language
scan-code = Source code (pasted; it is not sent off this machine)
scan-none-yet = no code yet
scan-no-findings = no findings
scan-evidence = Evidence:
