"""The CLI's input policy at the Python door (issue 25 case 5): the same trim, the same
aliases, the same reading of a list as lines, and a SourceWarning where the CLI writes a note.
Each test answered differently on 49aab1a (a scheme error, a refused alias, a missing page,
silent nulls)."""

from __future__ import annotations

import subprocess
import warnings

import pyarrow as pa
import pytest

import urlkit
from conftest import cli_binary


def said(call):
    """The result of ``call()`` and the messages of the SourceWarnings it issued."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = call()
    return result, [str(w.message) for w in caught if issubclass(w.category, urlkit.SourceWarning)]


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(cli_binary()), *args], capture_output=True, timeout=60)


def test_a_url_is_trimmed_as_the_cli_trims_it_and_that_is_said() -> None:
    url = " https://example.com/a\u3000"
    got, messages = said(lambda: urlkit.key(url))
    done = cli("key", url)
    assert got == done.stdout.decode().strip() == "https://example.com/a"
    assert messages == ["removed the whitespace around the URL (U+0020 before, U+3000 after)"]
    assert messages[0] in done.stderr.decode()
    assert said(lambda: urlkit.normalize(url, to="iri"))[0] == "https://example.com/a"
    assert said(lambda: urlkit.compare(url, "https://EXAMPLE.com/a"))[0].equal
    assert said(lambda: urlkit.lint(" https://example.com/%e6 "))[0][0]["span"]["start"] == 20


def test_the_clis_bare_flavor_names_are_accepted_and_said() -> None:
    got, messages = said(lambda: urlkit.encode("a b", as_="encodeURIComponent"))
    assert got == cli("encode", "--as", "encodeURIComponent", "a b").stdout.decode().strip() == "a%20b"
    assert messages == ["as_='encodeURIComponent' is read as js.encodeURIComponent"]
    assert said(lambda: urlkit.decode("a%20b", as_="decodeURIComponent"))[0] == "a b"
    assert said(lambda: urlkit.encode_many(["a b"], as_="encodeURIComponent"))[0] == ["a%20b"]
    with pytest.raises(ValueError, match=r"ambiguous encoder .urlencode.: did you mean \S+ or \S+\?"):
        urlkit.encode("a b", as_="urlencode")


def test_a_list_is_read_as_the_lines_of_a_text_file(tmp_path) -> None:
    left = ["  https://example.com/a ", "not a url", "https://example.com/b"]
    right = ["https://example.com/a", "https://example.com/b"]
    r, messages = said(lambda: urlkit.reconcile(left, right))
    assert r["missing"] == [] and r["summary"]["only_left"] == 0
    assert any("not a URL (it has a blank inside)" in m for m in messages), messages
    assert any("removed the whitespace around the URL" in m for m in messages), messages
    kinds = [(f["kind"], f["position"]) for f in r["summary"]["left"]["findings"]]
    assert ("list-not-a-url", "item 1") in kinds
    # The CLI reading the same lines from a file: the same keys joined, the same line skipped.
    (tmp_path / "left.txt").write_text("".join(u + "\n" for u in left))
    (tmp_path / "right.txt").write_text("".join(u + "\n" for u in right))
    done = cli("reconcile", "--only", "missing", str(tmp_path / "left.txt"), str(tmp_path / "right.txt"))
    assert done.stdout.decode() == ""
    assert "line 2): not a URL (it has a blank inside)" in done.stderr.decode()


def test_an_empty_side_is_an_error_unless_allowed() -> None:
    with pytest.raises(OSError, match="no URL read"):
        urlkit.reconcile([], ["https://example.com/"])
    r, _ = said(lambda: urlkit.reconcile([], ["https://example.com/"], allow_empty=True))
    assert r["summary"]["only_right"] == 1


def test_bulk_errors_raise_by_default_and_null_says_how_many() -> None:
    arr = pa.array(["https://example.com/", "http://a/%zz", "http://b/%zz"])
    with pytest.raises(urlkit.UrlError) as e:
        urlkit.keys(arr)
    assert e.value.row == 1
    out, messages = said(lambda: urlkit.keys(arr, errors="null"))
    assert out.to_pylist() == ["https://example.com/", None, None]
    assert messages == ["2 of 3 rows failed and became null (errors='return' says why, errors='raise' stops at the first)"]
    _, messages = said(lambda: urlkit.keys(["https://example.com/"], errors="null"))
    assert messages == []
