"""Errors carry their kind and byte offset; unknown names say what the valid ones are."""

from __future__ import annotations

import pytest

import urlkit
from conftest import run_cli


def test_decode_error_kind_and_offset() -> None:
    with pytest.raises(urlkit.DecodeError) as e:
        urlkit.decode("100%")
    assert (e.value.kind, e.value.offset) == ("malformed-escape", 3)
    with pytest.raises(urlkit.DecodeError) as e:
        urlkit.decode("ab%E6%97")
    assert (e.value.kind, e.value.offset) == ("invalid-utf8", 2)
    assert isinstance(e.value, urlkit.UrlkitError) and isinstance(e.value, ValueError)
    assert urlkit.decode("100%", "lenient") == "100%"
    assert urlkit.decode("a+b%21", "form") == "a b!"


def test_url_error_kind_offset_and_side() -> None:
    with pytest.raises(urlkit.UrlError) as e:
        urlkit.key("http://a/%zz")
    assert (e.value.kind, e.value.offset) == ("malformed-escape", 9)
    with pytest.raises(urlkit.UrlError) as e:
        urlkit.compare("http://a/", "http://a/%zz")
    assert e.value.side == "B"


def test_flavor_failures_are_reproduced() -> None:
    with pytest.raises(urlkit.FlavorError) as e:
        urlkit.decode("100%", as_="js.decodeURIComponent")
    assert e.value.kind and e.value.offset == 3
    assert "URIError" in e.value.message
    assert urlkit.decode("100%", as_="python.unquote") == "100%"


@pytest.mark.parametrize(
    "call, names",
    [
        (lambda: urlkit.key("http://a/", "sfae"), "exact, safe, normal, loose, whatwg"),
        (lambda: urlkit.encode("x", "forms"), "form"),
        (lambda: urlkit.decode("x", "loose"), "strict, lenient, form"),
        (lambda: urlkit.encode("x", as_="python.unquote"), "python.quote"),
        (lambda: urlkit.key("http://a/", "loose", loose_off=["wwww"]), "www"),
        (lambda: urlkit.keys(["http://a/"], errors="ignore"), "null, raise, return"),
    ],
)
def test_unknown_names_list_the_valid_ones(call, names: str) -> None:
    with pytest.raises(ValueError) as e:
        call()
    assert names in str(e.value)


def test_bytes_input_and_bytes_output() -> None:
    assert urlkit.encode(b"\xff a") == "%FF%20a"
    assert urlkit.decode("%FF", as_="php.urldecode") == b"\xff"
    # A lone surrogate from JavaScript's decoder is kept, not replaced.
    assert urlkit.decode("%uD800", as_="js.unescape") == "\ud800"


def test_compare_explains() -> None:
    c = urlkit.compare(
        "https://example.com/%e9%81%8b%e5%96%b6%e8%80%85%e6%83%85%e5%a0%b1/", "https://example.com/運営者情報/"
    )
    assert c and c.equal and c.level == "safe" and c.lowest_equal_level == "safe"
    assert c.rules == ["hex-case", "iri-to-uri"]
    assert c.difference is None and c.whatwg_equal is False
    d = urlkit.compare("http://a/b%2Fc", "http://a/b/c", "loose")
    assert not d.equal and d.lowest_equal_level is None
    assert (d.difference.component, d.difference.offset_a, d.difference.offset_b) == ("path", 10, 10)


def test_parse_both_views() -> None:
    # The record of `urlkit parse --json`: the same shape at every door.
    p = urlkit.parse("http://0x7f.1/")
    assert p["rfc3986"]["host"] == "0x7f.1" and p["rfc3986"]["ok"] is True
    assert p["whatwg"]["hostname"] == "127.0.0.1"
    assert [(f["rule"], f["component"]) for f in p["findings"]] == [("parser-disagreement", "host")]
    assert p["segments"] == [{"raw": "", "span": [14, 14], "utf8": True, "value": ""}]
    assert p == run_cli(["parse"], ["http://0x7f.1/"])[0] | {"input": "http://0x7f.1/"}
    rejected = urlkit.parse("http://a:99999/")["whatwg"]
    assert rejected["ok"] is False and rejected["error"]["kind"]
    with pytest.raises(urlkit.UrlError) as e:
        urlkit.parse("a b:")
    assert e.value.kind == "invalid-url"