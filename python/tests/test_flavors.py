"""The python.* flavors against the real urllib.parse functions they reproduce."""

from __future__ import annotations

import random
import urllib.parse

import pytest

import urlkit

# The random inputs hold '%' escapes on purpose: the encoders' warnings about them are expected.
pytestmark = pytest.mark.filterwarnings("ignore::urlkit.EncodeWarning", "ignore::urlkit.DecodeWarning")

ALPHABET = list("abcXYZ019-._~!*'();:@&=+$,/?#[]% \t\"<>\\^`{|}") + ["é", "日", "本", "😀", "\u00a0", "\x7f", "\x00"]


def samples(n: int = 2000, seed: int = 3986) -> list[str]:
    rng = random.Random(seed)
    out = ["", "a b", "/運営者情報/", "100%", "%E6%97", "%zz", "a+b", "~"]
    for _ in range(n):
        out.append("".join(rng.choice(ALPHABET) for _ in range(rng.randint(1, 12))))
    return out


@pytest.mark.parametrize("safe", [None, "", "/", "/:@"])
def test_quote(safe) -> None:
    for s in samples():
        expected = urllib.parse.quote(s) if safe is None else urllib.parse.quote(s, safe=safe)
        assert urlkit.encode(s, as_="python.quote", safe=safe) == expected, s


@pytest.mark.parametrize("safe", [None, "", "/"])
def test_quote_plus(safe) -> None:
    for s in samples():
        expected = urllib.parse.quote_plus(s) if safe is None else urllib.parse.quote_plus(s, safe=safe)
        assert urlkit.encode(s, as_="python.quote_plus", safe=safe) == expected, s


def test_unquote_and_unquote_plus() -> None:
    for s in samples():
        assert urlkit.decode(s, as_="python.unquote") == urllib.parse.unquote(s), s
        assert urlkit.decode(s, as_="python.unquote_plus") == urllib.parse.unquote_plus(s), s


def test_round_trip_of_every_set_with_percent() -> None:
    # decode(encode(x)) == x for every named set that encodes '%' (the WHATWG path, query and
    # fragment sets keep it, so they cannot round-trip text with a '%' in it).
    names = ["unreserved", "component", "path", "query", "fragment", "userinfo", "form", "pchar", "path-segment"]
    with_percent = [n for n in names if urlkit.encode("%", n) == "%25"]
    assert {"unreserved", "component", "form", "pchar"} <= set(with_percent)
    for name in with_percent:
        mode = "form" if name == "form" else "strict"
        for s in samples(300):
            assert urlkit.decode(urlkit.encode(s, name), mode) == s, (name, s)


def test_flavor_catalogue_lists_python_functions() -> None:
    names = {f["name"] for f in urlkit.flavors()}
    assert {"python.quote", "python.quote_plus", "python.unquote", "js.encodeURIComponent"} <= names


def test_build_query_style_python_urlencode() -> None:
    # The builder flavors python.urlencode(.quote) write what urlencode writes for the same pairs
    # (repeated keys, empty values, every character of the alphabet), in the order given.
    rng = random.Random(20261203)
    values = samples(400, seed=1738)
    for _ in range(300):
        pairs = [(rng.choice(["a", "b", "", "k k"] + values), rng.choice(values)) for _ in range(rng.randint(0, 5))]
        pairs = [(k, v) for k, v in pairs if "=" not in k and "\x00" not in k + v]
        params = [f"{k}={v}" for k, v in pairs]
        for style, quote_via in (("python.urlencode", urllib.parse.quote_plus), ("python.urlencode.quote", urllib.parse.quote)):
            query = urllib.parse.urlencode(pairs, quote_via=quote_via)
            expected = "https://example.com/" + ("?" + query if query else "")
            assert urlkit.build("https://example.com/", params=params, query_style=style)["uri"] == expected, (style, pairs)


def test_build_query_style_unknown_lists_the_styles() -> None:
    with pytest.raises(ValueError, match="go.Values.Encode"):
        urlkit.build("https://example.com/", query_style="go.values.encode")


def test_encode_query_python_flavors_equal_urlencode() -> None:
    rng = random.Random(3986)
    values = samples(300, seed=1866)
    for _ in range(300):
        pairs = [(rng.choice(["a", "b", ""] + values), rng.choice(values)) for _ in range(rng.randint(0, 6))]
        assert urlkit.encode_query(pairs, as_="python.urlencode") == urllib.parse.urlencode(pairs), pairs
        assert urlkit.encode_query(pairs, as_="python.urlencode.quote") == urllib.parse.urlencode(
            pairs, quote_via=urllib.parse.quote
        ), pairs


def test_encode_query_other_flavors() -> None:
    # Their runtimes are compared in scripts/checks/builders.sh; here the Python door gives the
    # same bytes as the CLI's --query-style for a list with a repeated key and an empty value.
    pairs = [("b", "x~y"), ("a", "1 2"), ("b", "*"), ("e", "")]
    params = [f"{k}={v}" for k, v in pairs]
    for name in ["php.http_build_query", "php.http_build_query.rfc3986", "go.Values.Encode",
                 "js.URLSearchParams", "ruby.URI.encode_www_form", "java.URLEncoder"]:
        built = urlkit.build("https://example.com/", params=params, query_style=name)["uri"]
        assert built == "https://example.com/?" + urlkit.encode_query(pairs, as_=name), name
    assert urlkit.encode_query(pairs, as_="go.Values.Encode") == "a=1+2&b=x~y&b=%2A&e="
    assert urlkit.encode_query(pairs, as_="php.http_build_query") == "b%5B0%5D=x%7Ey&b%5B1%5D=%2A&a=1+2&e="
    with pytest.raises(ValueError, match="js.URLSearchParams"):
        urlkit.encode_query(pairs, as_="js.urlsearchparams")


def test_build_says_the_browser_rewrite() -> None:
    # As `urlkit build --set-param`: urlkit keeps q=a%20b, a browser's searchParams.set() does not.
    r = urlkit.build("https://example.com/?q=a%20b", set_params=["tag=C++"])
    assert (r["uri"], r["browser_rewrite"]) == ("https://example.com/?q=a%20b&tag=C%2B%2B", "https://example.com/?q=a+b&tag=C%2B%2B")
    r = urlkit.build("https://example.com/?q=a%20b", set_params=["tag=C++"], query_style="js.URLSearchParams")
    assert r["uri"] == "https://example.com/?q=a+b&tag=C%2B%2B" and "browser_rewrite" not in r
    assert "browser_rewrite" not in urlkit.build("https://example.com/?q=a+b&x=1", remove_params=["x"])
