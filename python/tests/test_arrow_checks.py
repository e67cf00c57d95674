"""Arrow arrays that break the format reach the bulk path as pyarrow hands them over (a view
of binary data, a Feather file read with pyarrow's defaults, buffers put together by hand):
every bulk function raises ValueError with the row and byte, and never reads them as text."""

from __future__ import annotations

import struct

import pyarrow as pa
import pyarrow.feather as feather
import pytest

import urlkit

BULK = [
    lambda a: urlkit.keys(a),
    lambda a: urlkit.keys(a, "loose", threads=2),
    lambda a: urlkit.normalize_many(a, to="iri"),
    lambda a: urlkit.encode_many(a, as_="python.quote"),
    lambda a: urlkit.encode_many(a, "path"),
    lambda a: urlkit.decode_many(a, "lenient"),
]
BULK_IDS = ["keys", "keys-loose-threads", "normalize_many", "encode_many-as", "encode_many-set", "decode_many"]


def viewed(values: list[bytes], string_type: pa.DataType) -> pa.Array:
    """Binary data viewed as strings without a check, as `Array.view` does."""
    binary = {pa.string(): pa.binary(), pa.large_string(): pa.large_binary(), pa.string_view(): pa.binary_view()}
    return pa.array(values, binary[string_type]).view(string_type)


def offsets_array(offsets: list[int], data: bytes, string_type: pa.DataType = pa.string()) -> pa.Array:
    width = pa.int64() if string_type == pa.large_string() else pa.int32()
    buf = pa.array(offsets, width).buffers()[1]
    return pa.Array.from_buffers(string_type, len(offsets) - 1, [None, buf, pa.py_buffer(data)])


def view(length: int, prefix: bytes, index: int, offset: int) -> bytes:
    return struct.pack("<I4sII", length, prefix, index, offset)


def views_array(views: list[bytes], data: bytes) -> pa.Array:
    return pa.Array.from_buffers(pa.string_view(), len(views), [None, pa.py_buffer(b"".join(views)), pa.py_buffer(data)])


STRING_TYPES = [pa.string(), pa.large_string(), pa.string_view()]


@pytest.mark.parametrize("call", BULK, ids=BULK_IDS)
@pytest.mark.parametrize("string_type", STRING_TYPES, ids=str)
def test_bytes_that_are_not_utf8(call, string_type) -> None:
    # The issue's own case, then a bad byte after a good prefix, in the second row.
    with pytest.raises(ValueError, match=r"row 0, byte 0: the row is not UTF-8"):
        call(viewed([b"\xff"], string_type))
    arr = viewed([b"http://a/", b"http://example.com/\xe9\x81"], string_type)
    with pytest.raises(ValueError, match=r"row 1, byte 19: the row is not UTF-8.*bytes 0xe9 0x81"):
        call(arr)


@pytest.mark.parametrize("call", BULK, ids=BULK_IDS)
def test_a_feather_file_read_with_the_defaults(call, tmp_path) -> None:
    path = tmp_path / "urls.feather"
    column = viewed([b"http://a/", None, b"http://a/\xff\xfe"], pa.string())
    feather.write_feather(pa.table({"url": column}), str(path))
    table = feather.read_table(str(path))
    with pytest.raises(ValueError, match=r"row 2, byte 9"):
        call(table["url"])


@pytest.mark.parametrize("call", BULK, ids=BULK_IDS)
@pytest.mark.parametrize("string_type", [pa.string(), pa.large_string()], ids=str)
def test_offsets_that_decrease(call, string_type) -> None:
    # A silent null before: now the row whose end is below its start.
    arr = offsets_array([0, 5, 2], b"http:", string_type)
    with pytest.raises(ValueError, match=r"row 1, byte 0: the row ends before it starts.*\(offsets 5 then 2\)"):
        call(arr)
    arr = offsets_array([0, 5, 5, 2, 5], b"http:", string_type)
    with pytest.raises(ValueError, match=r"row 2, byte 0: the row ends before it starts"):
        call(arr)


@pytest.mark.parametrize("call", BULK, ids=BULK_IDS)
def test_offsets_that_cut_a_character(call) -> None:
    arr = offsets_array([0, 1, 2], "é".encode())
    with pytest.raises(ValueError, match=r"row 0, byte 0: the row is not UTF-8"):
        call(arr)


@pytest.mark.parametrize("call", BULK, ids=BULK_IDS)
def test_views_that_leave_their_buffers(call) -> None:
    data = b"http://example.com/"
    cases = [
        ([view(19, b"http", 1, 0)], r"row 0, byte 0: the row has a view that names a data buffer"),
        ([struct.pack("<I12s", 2, b"ok"), view(19, b"ttp:", 0, 1)], r"row 1, byte 0: the row has a view that passes the end"),
        ([view(19, b"HTTP", 0, 0)], r"row 0, byte 0: the row has a view whose prefix"),
    ]
    for views, message in cases:
        with pytest.raises(ValueError, match=message):
            call(views_array(views, data))


def test_rows_are_counted_over_chunks_and_slices() -> None:
    good = pa.array(["http://a/"] * 3)
    bad = viewed([b"http://b/", b"\xff"], pa.string())
    with pytest.raises(ValueError, match=r"row 4, byte 0"):
        urlkit.keys(pa.chunked_array([good, bad]))
    # A slice counts from its own start; a slice that leaves the bad row out is fine.
    sliced = pa.concat_arrays([viewed([b"http://a/"] * 5, pa.string()), bad]).slice(4)
    with pytest.raises(ValueError, match=r"row 2, byte 0"):
        urlkit.keys(sliced)
    assert urlkit.keys(sliced.slice(0, 2)).to_pylist() == ["http://a/", "http://b/"]
    # On threads: the bad row in the second thread's slice.
    rows = [b"http://a/"] * 40000 + [b"\xc3"]
    with pytest.raises(ValueError, match=r"row 40000, byte 0"):
        urlkit.keys(viewed(rows, pa.string()), threads=2)


def test_bad_bytes_in_null_rows_are_never_read() -> None:
    base = viewed([b"http://a/", b"\xff", b"http://b/"], pa.string())
    validity = pa.array([True, False, True]).buffers()[1]
    arr = pa.Array.from_buffers(pa.string(), 3, [validity] + base.buffers()[1:])
    assert urlkit.keys(arr).to_pylist() == ["http://a/", None, "http://b/"]


def _rss_kib() -> int:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise AssertionError("invariant: Linux reports VmRSS in /proc/self/status")


def test_ten_thousand_calls_on_good_and_bad_input_keep_memory_flat() -> None:
    # Each array holds ~8 KB, so keeping one per call (an input not released, an output or an
    # error not freed) would grow the process by tens of MB over the loop.
    good = pa.array([f"https://example.com/%e9%81%8b/{i}" for i in range(256)])
    inputs = [
        good,
        viewed([b"http://a/"] * 255 + [b"\xff"], pa.string()),
        offsets_array([0, 5, 2] + [2] * 254, b"http:" * 400),
        viewed([b"http://example.com/long/path/\xfe"] * 256, pa.string_view()),
        good.cast(pa.large_string()),
    ]

    def one_round(k: int) -> None:
        arr = inputs[k % len(inputs)]
        try:
            urlkit.keys(arr, errors="return")
        except ValueError:
            assert k % len(inputs) in (1, 2, 3)

    for k in range(1000):
        one_round(k)
    before = _rss_kib()
    for k in range(10_000):
        one_round(k)
    grown = _rss_kib() - before
    assert grown < 8 * 1024, f"RSS grew by {grown} KiB over 10,000 calls"
