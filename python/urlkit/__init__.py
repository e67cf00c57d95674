"""urlkit: URL percent-encoding, normalization and comparison that is correct, explains
itself, and is fast.

The same functions as the ``urlkit`` command and Rust library, with the same names and
answers:

>>> import urlkit
>>> urlkit.key("https://example.com/%e9%81%8b%e5%96%b6/") == urlkit.key("https://example.com/運営/")
True
>>> urlkit.encode("東京 カフェ", "form")
'%E6%9D%B1%E4%BA%AC+%E3%82%AB%E3%83%95%E3%82%A7'
>>> urlkit.encode("/運", as_="python.quote", safe="")
'%2F%E9%81%8B'
>>> c = urlkit.compare("https://example.com/%e9%81%8b/", "https://example.com/運/")
>>> (c.equal, c.lowest_equal_level, c.rules)
(True, 'safe', ['hex-case', 'iri-to-uri'])
>>> [f["rule"] for f in urlkit.lint("https://example.com/%e6%97%a5/a+b")]
['lowercase-hex', 'plus-in-path']
>>> urlkit.repair("https://example.com/?q=%8AO%91%95%95s%97%C7")["output"]
'https://example.com/?q=%E5%A4%96%E8%A3%85%E4%B8%8D%E8%89%AF'

``reconcile`` takes the CLI's source specs (``"sitemap:PATH"``, ``"wp:DIR"``,
``"csv:PATH#url"``, a bare path) or iterables of URLs.

Bulk calls (``keys``, ``normalize_many``, ``encode_many``, ``decode_many``) take Arrow arrays
without a copy and release the GIL; ``urlkit.spark``, ``urlkit.duckdb`` and ``urlkit.polars``
run them inside those engines.
"""

from ._urlkit import (
    Comparison,
    base64_decode,
    base64_encode,
    build,
    content_disposition,
    parse_content_disposition,
    Difference,
    __version__,
    compare,
    decode,
    encode,
    encode_query,
    flavors,
    key,
    normalize,
    parse,
)
from ._errors import (
    Base64Warning,
    DecodeError,
    DecodeWarning,
    EncodeWarning,
    FlavorError,
    HeaderWarning,
    SourceWarning,
    UrlError,
    UrlkitError,
    UrlkitWarning,
)
from ._bulk import decode_many, encode_many, keys, normalize_many
from ._lint import fix, lint, lint_list, repair, repair_list, rules
from ._reconcile import reconcile

__all__ = [
    "Base64Warning",
    "Comparison",
    "DecodeError",
    "DecodeWarning",
    "Difference",
    "EncodeWarning",
    "FlavorError",
    "HeaderWarning",
    "SourceWarning",
    "UrlError",
    "UrlkitError",
    "UrlkitWarning",
    "__version__",
    "base64_decode",
    "base64_encode",
    "build",
    "content_disposition",
    "compare",
    "decode",
    "decode_many",
    "encode",
    "encode_many",
    "encode_query",
    "fix",
    "flavors",
    "key",
    "keys",
    "lint",
    "lint_list",
    "normalize",
    "normalize_many",
    "parse",
    "parse_content_disposition",
    "reconcile",
    "repair",
    "repair_list",
    "rules",
]
