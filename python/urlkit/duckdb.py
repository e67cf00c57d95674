"""urlkit inside DuckDB: SQL functions over Arrow batches.

DuckDB's ``url_decode`` decodes ``%2F`` and ``+``-less forms alike and ``lower()`` folds the
path's case, so ``lower(url_decode(url))`` joins different pages and misses others.
``register`` adds vectorized functions that run urlkit on each batch::

    import duckdb, urlkit.duckdb
    con = duckdb.connect()
    urlkit.duckdb.register(con)
    con.execute("SELECT urlkit_key('https://example.com/%e9%81%8b/', 'safe')").fetchone()
    # ('https://example.com/%E9%81%8B/',)
    con.sql("SELECT a.url FROM a ANTI JOIN b ON urlkit_key(a.url, 'safe') = urlkit_key(b.url, 'safe')")

Functions: ``urlkit_key(url, level)``, ``urlkit_normalize(url, level, to)`` (``to`` is
``'uri'`` or ``'iri'``), ``urlkit_encode(text, set)``, ``urlkit_decode(text, mode)``. Null
or unkeyable input gives NULL. ``level``, ``to``, ``set`` and ``mode`` may vary by row.
"""

from __future__ import annotations

from typing import Any, Callable

import urlkit


def _grouped(columns: list, fn: Callable[..., Any]) -> Any:
    """Applies ``fn(values, *params)`` to ``columns[0]``, once per distinct tuple of the
    parameter columns (usually one: a constant like ``'safe'``), and stitches the rows back."""
    import pyarrow as pa

    values = columns[0]
    if isinstance(values, pa.ChunkedArray):
        values = values.combine_chunks()
    params = [c.to_pylist() for c in columns[1:]]
    distinct = set(zip(*params)) if params else {()}
    if len(distinct) == 1:
        (only,) = distinct
        if None in only:
            return pa.nulls(len(values), pa.string())
        return fn(values, *only)
    out: list = [None] * len(values)
    for combo in distinct:
        rows = [i for i, row in enumerate(zip(*params)) if row == combo]
        if None in combo:
            continue
        part = fn(values.take(pa.array(rows)), *combo).to_pylist()
        for i, v in zip(rows, part):
            out[i] = v
    return pa.array(out, pa.string())


def register(con: Any) -> Any:
    """Adds the ``urlkit_*`` SQL functions to the DuckDB connection ``con`` and returns it."""
    # Strings, which DuckDB 1.x and 2.x both take (2.x moved the enums to duckdb.func).
    varchar = "VARCHAR"
    arrow = "arrow"
    special = "special"

    def key_fn(urls: Any, level: Any) -> Any:
        return _grouped([urls, level], lambda v, lv: urlkit.keys(v, lv, errors="null"))

    def normalize_fn(urls: Any, level: Any, to: Any) -> Any:
        return _grouped([urls, level, to], lambda v, lv, t: urlkit.normalize_many(v, lv, to=t, errors="null"))

    def encode_fn(texts: Any, set_name: Any) -> Any:
        return _grouped([texts, set_name], lambda v, s: urlkit.encode_many(v, s, errors="null"))

    def decode_fn(texts: Any, mode: Any) -> Any:
        return _grouped([texts, mode], lambda v, m: urlkit.decode_many(v, m, errors="null"))

    con.create_function("urlkit_key", key_fn, [varchar, varchar], varchar, type=arrow, null_handling=special)
    con.create_function(
        "urlkit_normalize", normalize_fn, [varchar, varchar, varchar], varchar, type=arrow, null_handling=special
    )
    con.create_function("urlkit_encode", encode_fn, [varchar, varchar], varchar, type=arrow, null_handling=special)
    con.create_function("urlkit_decode", decode_fn, [varchar, varchar], varchar, type=arrow, null_handling=special)
    return con
