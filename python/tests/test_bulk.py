"""The Arrow bulk path: types kept, zero-copy in, nulls, chunked arrays, errors per row."""

from __future__ import annotations

import pyarrow as pa
import pytest

import urlkit

URLS = ["https://example.com/%e9%81%8b/", "https://example.com/運/", None, "http://a/%zz", "HTTP://A:80"]
KEYS = ["https://example.com/%E9%81%8B/", "https://example.com/%E9%81%8B/", None, None, "http://a/"]


@pytest.mark.parametrize("arrow_type", [pa.string(), pa.large_string(), pa.string_view()])
def test_keys_keep_the_type(arrow_type) -> None:
    arr = pa.array(URLS, arrow_type)
    with pytest.warns(urlkit.SourceWarning, match="1 of 5 rows failed and became null"):
        out = urlkit.keys(arr, errors="null")
    assert isinstance(out, pa.Array) and out.type == arrow_type
    assert out.to_pylist() == KEYS


def test_chunked_arrays_keep_their_chunks() -> None:
    arr = pa.chunked_array([pa.array(URLS[:2]), pa.array(URLS[2:])], pa.string())
    with pytest.warns(urlkit.SourceWarning):
        out = urlkit.keys(arr, errors="null")
    assert isinstance(out, pa.ChunkedArray)
    assert [len(c) for c in out.chunks] == [2, 3]
    assert out.to_pylist() == KEYS


def test_zero_copy_in() -> None:
    arr = pa.array(["https://example.com/%e9%81%8b/"] * 1000)
    assert urlkit._urlkit.values_buffer_address(arr) == arr.buffers()[2].address
    sliced = arr.slice(10, 5)
    assert urlkit._urlkit.values_buffer_address(sliced) == sliced.buffers()[2].address


def test_errors_modes() -> None:
    arr = pa.array(URLS)
    out, failures = urlkit.keys(arr, errors="return")
    assert out.to_pylist() == KEYS
    rows = failures.to_pylist()
    assert len(rows) == len(URLS)
    assert rows[3] == {"kind": "malformed-escape", "offset": 9, "message": rows[3]["message"]}
    assert [i for i, r in enumerate(rows) if r is not None] == [3]
    with pytest.raises(urlkit.UrlError) as e:
        urlkit.keys(arr, errors="raise")
    assert (e.value.row, e.value.kind, e.value.offset) == (3, "malformed-escape", 9)
    out, failures = urlkit.keys(pa.array(["http://a/"]), errors="return")
    assert failures is None
    values, failed = urlkit.keys(URLS, errors="return")
    assert values == KEYS and [(f["row"], f["kind"], f["offset"]) for f in failed] == [(3, "malformed-escape", 9)]
    # A list's failure has the Arrow struct's fields and its row.
    assert {k: v for k, v in failed[0].items() if k != "row"} == rows[3]


def test_lists_and_other_bulk_functions() -> None:
    with pytest.warns(urlkit.SourceWarning, match="1 of 5 rows"):
        assert urlkit.keys(URLS, errors="null") == KEYS
    assert urlkit.normalize_many(["https://example.com/%e9%81%8b"], to="iri") == ["https://example.com/運"]
    assert urlkit.encode_many(["東京 カフェ", None], "form") == ["%E6%9D%B1%E4%BA%AC+%E3%82%AB%E3%83%95%E3%82%A7", None]
    assert urlkit.encode_many(["a b"], as_="js.encodeURIComponent") == ["a%20b"]
    with pytest.warns(urlkit.SourceWarning):
        decoded = urlkit.decode_many(pa.array(["%E9%81%8B", "100%"]), "strict", errors="null")
    assert decoded.to_pylist() == ["運", None]
    with pytest.raises(TypeError):
        urlkit.keys("http://a/")
    with pytest.raises(TypeError):
        urlkit.keys(pa.array([1, 2]))


def test_bulk_equals_one_by_one(lines: list[str]) -> None:
    arr = pa.array(lines)
    for level in ["exact", "safe", "normal", "loose", "whatwg"]:
        expected = []
        for line in lines:
            try:
                expected.append(urlkit.key(line, level))
            except urlkit.UrlError:
                expected.append(None)
        assert urlkit.keys(arr, level, errors="null").to_pylist() == expected
        assert urlkit.keys(arr.cast(pa.string_view()), level, errors="null").to_pylist() == expected


@pytest.mark.parametrize("arrow_type", [pa.string(), pa.large_string(), pa.string_view()])
def test_threads_give_the_same_answer(lines: list[str], arrow_type) -> None:
    # Enough rows that each of 3 threads gets a slice (> 16,384 rows each), failures and
    # nulls spread over every slice, and a chunked array whose chunks are split one by one.
    rows = (lines + [None, "http://a/%zz"]) * 45
    arr = pa.array(rows, arrow_type)
    assert len(arr) > 3 * 16384
    one, fail_one = urlkit.keys(arr, errors="return")
    three, fail_three = urlkit.keys(arr, errors="return", threads=3)
    assert three.type == arrow_type and len(three) == len(arr)
    assert three.to_pylist() == one.to_pylist()
    assert fail_three.to_pylist() == fail_one.to_pylist()
    assert fail_one.null_count < len(arr)
    with pytest.raises(urlkit.UrlError) as e:
        urlkit.keys(arr, errors="raise", threads=3)
    assert e.value.row == next(i for i, r in enumerate(fail_one.to_pylist()) if r is not None)
    chunked = pa.chunked_array([arr, arr.slice(7)])
    with pytest.warns(urlkit.SourceWarning):
        out = urlkit.keys(chunked, threads=2, errors="null")
    assert [len(c) for c in out.chunks] == [len(arr), len(arr) - 7]
    assert out.to_pylist() == one.to_pylist() + one.to_pylist()[7:]
    with pytest.raises(ValueError):
        urlkit.keys(arr, threads=0)
