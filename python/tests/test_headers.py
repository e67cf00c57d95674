"""content_disposition and base64 from Python: the same values as the CLI, read back by
Python's email package."""

from __future__ import annotations

import random
import warnings
from email.message import Message
from email.utils import collapse_rfc2231_value

import pytest

import urlkit

from conftest import run_cli


def params(value: str) -> dict:
    m = Message()
    m["Content-Disposition"] = value
    out = {}
    for key, v in m.get_params(header="content-disposition")[1:]:
        out[key + ("*" if isinstance(v, tuple) else "")] = collapse_rfc2231_value(v)
    return out


def names(n: int = 300) -> list[str]:
    rng = random.Random(6266)
    pool = list("ab%;\"\\ .=") + ["見", "積", "é", "Ü", "😀", "\u0301", "\x07"]
    return ["見積書.pdf", "a.txt"] + ["".join(rng.choice(pool) for _ in range(rng.randint(1, 10))) for _ in range(n)]


def test_filename_first_and_read_back() -> None:
    value = urlkit.content_disposition("見積書.pdf")
    assert value == "attachment; filename=\"download.pdf\"; filename*=UTF-8''%E8%A6%8B%E7%A9%8D%E6%9B%B8.pdf"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name in names():
            p = params(urlkit.content_disposition(name))
            assert p.get("filename*", p["filename"]) == name


def test_fallback() -> None:
    value = urlkit.content_disposition("見積書.pdf", fallback="estimate.pdf")
    assert params(value) == {"filename": "estimate.pdf", "filename*": "見積書.pdf"}
    with pytest.raises(ValueError, match="ISO-8859-1"):
        urlkit.content_disposition("見積書.pdf", fallback="見積.pdf")
    with pytest.warns(urlkit.HeaderWarning, match="not used"):
        urlkit.content_disposition("a.txt", fallback="b.txt")


def test_same_as_the_cli() -> None:
    sample = [n for n in names(60) if "\n" not in n]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ours = [urlkit.content_disposition(n, fallback="Übersicht.pdf") for n in sample]
    cli = [r["output"] for r in run_cli(["content-disposition", "--fallback", "Übersicht.pdf"], sample)]
    assert ours == cli
    parsed = urlkit.parse_content_disposition(ours[0])
    assert (parsed["filename"], parsed["fallback"]) == (sample[0], "Übersicht.pdf")


def test_base64() -> None:
    assert urlkit.base64_encode("??>", "base64url", pad=False) == "Pz8-"
    with pytest.raises(urlkit.DecodeError) as e:
        urlkit.base64_decode("YWJjZA")
    assert (e.value.kind, e.value.offset) == ("missing-padding", 6)
    assert "length 6 is not a multiple of 4" in e.value.message
    with pytest.warns(urlkit.Base64Warning, match="no '=' padding"):
        assert urlkit.base64_decode("YWJjZA", mode="lenient") == b"abcd"
    with pytest.warns(urlkit.Base64Warning, match="whitespace"):
        assert urlkit.base64_decode("Zm9v\nYmFy", mode="lenient") == b"foobar"
    assert urlkit.base64_decode("Pz8-", "base64url", pad=False) == b"??>"
