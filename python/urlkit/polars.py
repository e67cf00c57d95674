"""urlkit inside Polars: an expression namespace over ``map_batches`` (no plugin wheel).

::

    import polars as pl
    import urlkit.polars  # registers the namespace

    df = pl.DataFrame({"url": ["https://example.com/%e9%81%8b/", "https://example.com/運/"]})
    df.select(pl.col("url").urlkit.key("safe")).n_unique()   # 1

Methods: ``key(level)``, ``normalize(level, to="uri")``, ``encode(set)``, ``decode(mode)``.
Each batch reaches urlkit as Arrow (``string_view``, Polars' own layout) without a copy.
Null or unkeyable input gives null.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import polars as pl

import urlkit


def _batches(expr: pl.Expr, fn: Callable[[Any], Any]) -> pl.Expr:
    def run(series: pl.Series) -> pl.Series:
        return pl.Series(series.name, fn(series.to_arrow()), dtype=pl.String)

    return expr.map_batches(run, return_dtype=pl.String)


@pl.api.register_expr_namespace("urlkit")
class UrlkitNamespace:
    """``pl.col(...).urlkit``: urlkit's functions on a string column."""

    def __init__(self, expr: pl.Expr) -> None:
        self._expr = expr

    def key(self, level: str = "safe", *, loose_off: Sequence[str] = (), loose_on: Sequence[str] = ()) -> pl.Expr:
        """The comparison key at ``level`` (see :func:`urlkit.key`)."""
        urlkit.key("http://a/", level, loose_off=list(loose_off), loose_on=list(loose_on))
        return _batches(self._expr, lambda a: urlkit.keys(a, level, loose_off=loose_off, loose_on=loose_on, errors="null"))

    def normalize(self, level: str = "safe", *, to: str = "uri") -> pl.Expr:
        """Normalized at ``level``, as a URI or (``to="iri"``) a readable IRI."""
        urlkit.normalize("http://a/", level, to=to)
        return _batches(self._expr, lambda a: urlkit.normalize_many(a, level, to=to, errors="null"))

    def encode(self, set: str = "unreserved") -> pl.Expr:
        """Percent-encoded with a named set (see :func:`urlkit.encode`)."""
        urlkit.encode("", set)
        return _batches(self._expr, lambda a: urlkit.encode_many(a, set, errors="null"))

    def decode(self, mode: str = "strict") -> pl.Expr:
        """Percent-decoded (``"strict"``: a malformed escape gives null; ``"lenient"``, ``"form"``)."""
        urlkit.decode("", mode)
        return _batches(self._expr, lambda a: urlkit.decode_many(a, mode, errors="null"))
