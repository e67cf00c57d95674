"""Encode and decode warnings: the same cases and words as `urlkit encode` / `urlkit decode`
(issue 28), issued through `warnings`."""

from __future__ import annotations

import warnings

import pytest

import urlkit

from conftest import run_cli


def caught(fn, *args, **kwargs):
    with warnings.catch_warnings(record=True) as got:
        warnings.simplefilter("always")
        result = fn(*args, **kwargs)
    return result, [w.message for w in got]


def test_already_encoded_warns_and_once_keeps_the_escapes() -> None:
    out, got = caught(urlkit.encode, "%E6%97%A5")
    assert out == "%25E6%2597%25A5"
    assert [(type(w), w.kind, w.offset) for w in got] == [(urlkit.EncodeWarning, "already-encoded", 0)]
    assert "%25E6" in str(got[0]) and "once=True" in str(got[0])
    out, got = caught(urlkit.encode, "%E6%97%A5 日", once=True)
    assert (out, got) == ("%E6%97%A5%20%E6%97%A5", [])


def test_whole_url_warns() -> None:
    out, got = caught(urlkit.encode, "https://example.com/運営/?q=a b")
    assert out.startswith("https%3A%2F%2F")
    assert [w.kind for w in got] == ["whole-url"]


def test_flavors_warn_too() -> None:
    _, got = caught(urlkit.encode, "%E6", as_="js.encodeURIComponent")
    assert [w.kind for w in got] == ["already-encoded"]


def test_plain_text_is_quiet() -> None:
    for text in ["100%", "東京 カフェ", "note: see https"]:
        assert caught(urlkit.encode, text)[1] == []


@pytest.mark.parametrize("text", ["/a%2Fb/", "q=C%2B%2B", "https://a/?q=%26", "C%2B%2B", "a%2Fb"])
def test_decode_delimiter_warnings_match_the_cli(text: str) -> None:
    _, got = caught(urlkit.decode, text)
    (record,) = run_cli(["decode"], [text])
    cli = record.get("warning")
    assert [str(w) for w in got] == ([cli["message"]] if cli else [])
    assert all(isinstance(w, urlkit.DecodeWarning) for w in got)


def test_encode_warnings_match_the_cli_sentence() -> None:
    text = "https://example.com/%E9%81%8B"
    _, got = caught(urlkit.encode, text, "component")
    (record,) = run_cli(["encode", "--set", "component"], [text])
    # The same sentence; only the remedy differs (--once there, once=True here).
    assert [str(w).split(" — ")[0] for w in got] == [w["message"].split(" — ")[0] for w in record["warnings"]]


def test_urlsearchparams_decoder() -> None:
    assert urlkit.decode("C%2B%2B+x", as_="js.URLSearchParams") == "C++ x"
    assert urlkit.decode("a&b", as_="js.URLSearchParams.get") == "a"
