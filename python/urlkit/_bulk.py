"""The bulk path: one operation over many URLs, Arrow arrays in and out.

Anything with ``__arrow_c_array__`` or ``__arrow_c_stream__`` (pyarrow ``string``,
``large_string``, ``string_view``, chunked arrays; polars Series; arro3; nanoarrow) is read
without a copy through the Arrow PyCapsule interface, and the result comes back with the same
type and chunking. pyarrow input gives pyarrow output, polars input a polars Series; other
Arrow objects get an object that implements the same capsule protocol. Plain Python lists
(or any iterable of ``str`` / ``None``) give a list.

An Arrow array that breaks the Arrow format (bytes that are not UTF-8 in a string array, as
``Array.view(pa.string())`` over binary data or a Feather file read with pyarrow's defaults can
give; offsets that decrease or pass the values; views outside their buffers) raises
``ValueError`` naming the row and the byte, before any of its rows is read.

Null input gives null output. A row that fails (a URL that cannot be keyed, a malformed escape
in strict decoding) is handled as ``errors=`` says:

- ``"raise"`` (default, as pandas' ``errors=``): the first failure is raised (its ``row``
  attribute is the row's index).
- ``"null"``: the row is null, and a :class:`urlkit.SourceWarning` says how many rows became
  null (the command line reports each bad line).
- ``"return"``: the call returns ``(result, failures)``: for Arrow input a struct array
  ``{kind, offset, message}`` with one row per input row (null where the row succeeded), or
  ``None`` when no row failed; for a list, a list of dicts ``{kind, message, offset, row}``
  (the same fields, and the row's index).

``threads`` (default 1) maps each Arrow chunk of more than 16,384 rows per thread on that
many threads and joins the parts into one chunk again (one copy of the results); the answer
is the same. Lists are mapped on one thread.
"""

from __future__ import annotations

from typing import Any, Iterable, Optional, Sequence

from . import _urlkit
import warnings

from ._errors import DecodeError, FlavorError, SourceWarning, UrlError, UrlkitError

_ERRORS = ("raise", "null", "return")


def _say_nulls(failed: int, rows: int) -> None:
    if failed:
        warnings.warn(
            f"{failed} of {rows} rows failed and became null (errors='return' says why, "
            "errors='raise' stops at the first)",
            SourceWarning,
            stacklevel=4,
        )


def _is_arrow(values: Any) -> bool:
    return hasattr(values, "__arrow_c_array__") or hasattr(values, "__arrow_c_stream__")


def _check_buffer_sizes(values: Any) -> None:
    """The sizes of a pyarrow array's buffers, which the C data interface does not carry.

    Everything else about an imported array (offsets, views, UTF-8) is checked natively, on
    every chunk, and a violation raises ValueError with the row and byte. How large the values
    buffer of a ``string`` array is, though, only its producer knows: pyarrow's own basic
    validation (constant time per chunk) says it for pyarrow arrays, and raises
    ``pyarrow.ArrowInvalid``, a ValueError.
    """
    if (type(values).__module__ or "").startswith("pyarrow") and hasattr(values, "validate"):
        values.validate()


def _back_to_callers_type(values: Any, result: Any) -> Any:
    module = type(values).__module__ or ""
    if module.startswith("pyarrow"):
        import pyarrow as pa

        if hasattr(result, "__arrow_c_array__"):
            return pa.array(result)
        return pa.chunked_array(result)
    if module.startswith("polars"):
        import polars as pl
        import pyarrow as pa

        arrow = pa.array(result) if hasattr(result, "__arrow_c_array__") else pa.chunked_array(result)
        return pl.Series(getattr(values, "name", ""), arrow)
    return result


def _failure_exception(cls: type, row: int, kind: str, offset: int, message: str) -> UrlkitError:
    err = cls(kind, offset, f"row {row}: {message}")
    err.row = row
    return err


def _map(op: Any, values: Any, errors: str, cls: type, threads: int = 1) -> Any:
    if errors not in _ERRORS:
        raise ValueError(f"unknown errors mode {errors!r}; the modes are: {', '.join(_ERRORS)}")
    if not isinstance(threads, int) or threads < 1:
        raise ValueError(f"threads must be a positive int, not {threads!r}")
    if _is_arrow(values):
        _check_buffer_sizes(values)
        # The reasons are kept in every mode: "null" counts them (None when no row failed,
        # so a clean call costs nothing more).
        result, failures = _urlkit.map_arrow(op, values, "keep", threads)
        result = _back_to_callers_type(values, result)
        if failures is not None:
            import pyarrow as pa

            failures = pa.array(failures)
            if errors == "raise":
                for row, item in enumerate(failures.to_pylist()):
                    if item is not None:
                        raise _failure_exception(cls, row, item["kind"], item["offset"], item["message"])
            if errors == "null":
                _say_nulls(len(failures) - failures.null_count, len(failures))
        return (result, failures) if errors == "return" else result
    if isinstance(values, (str, bytes)):
        raise TypeError("expected many URLs (a list or an Arrow array), got one string")
    rows = list(values)
    results, failures = _urlkit.map_list(op, rows)
    if errors == "raise" and failures:
        first = failures[0]
        raise _failure_exception(cls, first["row"], first["kind"], first["offset"], first["message"])
    if errors == "null":
        _say_nulls(len(failures), len(rows))
    return (results, failures) if errors == "return" else results


def keys(
    values: Any,
    level: str = "safe",
    *,
    loose_off: Sequence[str] = (),
    loose_on: Sequence[str] = (),
    errors: str = "raise",
    threads: int = 1,
) -> Any:
    """The comparison key of every URL (see :func:`urlkit.key`), in bulk.

    >>> import urlkit
    >>> urlkit.keys(["https://example.com/%e9%81%8b/", "https://example.com/運/", None])
    ['https://example.com/%E9%81%8B/', 'https://example.com/%E9%81%8B/', None]
    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as w:
    ...     warnings.simplefilter("always")
    ...     urlkit.keys(["http://a/", "http://a/%zz"], errors="null")
    ...     str(w[0].message)
    ['http://a/', None]
    "1 of 2 rows failed and became null (errors='return' says why, errors='raise' stops at the first)"
    >>> import pyarrow as pa
    >>> urlkit.keys(pa.array(["HTTP://A/%7e"] * 40000), threads=2).unique().to_pylist()
    ['http://a/~']
    """
    op = _urlkit.op_key(level, list(loose_off), list(loose_on))
    return _map(op, values, errors, UrlError, threads)


def normalize_many(
    values: Any,
    level: str = "safe",
    *,
    to: str = "uri",
    loose_off: Sequence[str] = (),
    loose_on: Sequence[str] = (),
    errors: str = "raise",
    threads: int = 1,
) -> Any:
    """:func:`urlkit.normalize` over many URLs.

    >>> import urlkit
    >>> urlkit.normalize_many(["https://example.com/%e9%81%8b"], to="iri")
    ['https://example.com/運']
    """
    op = _urlkit.op_normalize(level, to, list(loose_off), list(loose_on))
    return _map(op, values, errors, UrlError, threads)


def encode_many(
    values: Any,
    set: str = "unreserved",
    *,
    as_: Optional[str] = None,
    safe: Optional[str] = None,
    hex: str = "upper",
    errors: str = "raise",
) -> Any:
    """:func:`urlkit.encode` over many texts.

    >>> import urlkit
    >>> urlkit.encode_many(["東京 カフェ", "a/b"], "form")
    ['%E6%9D%B1%E4%BA%AC+%E3%82%AB%E3%83%95%E3%82%A7', 'a%2Fb']
    """
    op = _urlkit.op_encode(set, as_, safe, hex)
    return _map(op, values, errors, FlavorError)


def decode_many(values: Any, mode: str = "strict", *, errors: str = "raise") -> Any:
    """:func:`urlkit.decode` over many texts (``mode`` ``"strict"``, ``"lenient"`` or ``"form"``).

    >>> import urlkit
    >>> urlkit.decode_many(["%E9%81%8B", "100%"], errors="return")
    (['運', None], [{'kind': 'malformed-escape', 'message': "malformed percent-escape at byte 3: '%' must be followed by two hex digits", 'offset': 3, 'row': 1}])
    """
    op = _urlkit.op_decode(mode)
    return _map(op, values, errors, DecodeError)


