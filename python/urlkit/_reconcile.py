"""reconcile: two URL lists (source specs or iterables) matched by key, as
``urlkit reconcile --json`` reports it."""

from __future__ import annotations

import os
import warnings
from typing import Any, Iterable, Optional, Sequence, Union

from . import _urlkit
from ._errors import SourceWarning

Side = Union[str, "os.PathLike[str]", Iterable[str]]


def _side(value: Side) -> Union[str, list[str]]:
    if isinstance(value, (str, os.PathLike)):
        return os.fspath(value)
    if isinstance(value, bytes):
        raise TypeError("a source is a str spec or path, or an iterable of URLs (str), not bytes")
    return list(value)


def reconcile(
    left: Side,
    right: Side,
    level: str = "safe",
    *,
    loose_off: Sequence[str] = (),
    loose_on: Sequence[str] = (),
    encoding: Optional[str] = None,
    left_encoding: Optional[str] = None,
    right_encoding: Optional[str] = None,
    allow_empty: bool = False,
) -> dict[str, Any]:
    """Matches two URL lists by their keys at ``level`` (see :func:`urlkit.key`) and says what
    is truly missing, what is extra, what repeats, and which rules made each pair match.

    Each side is a source spec read as ``urlkit reconcile`` reads it (``"sitemap:PATH"``,
    ``"wp:PATH"`` for saved WordPress REST answers, a file or a folder, ``"csv:PATH#column"``,
    ``"tsv:..."``, ``"text:PATH"``, ``"json:PATH#/pointer"``, or a bare path whose format is
    detected; an ``os.PathLike`` too), or an iterable of URLs. Only local files are read:
    a URL given as a source is refused. ``encoding`` reads the text and CSV sources in that
    charset (``"cp932"`` for a CSV from Japanese Excel; ``left_encoding`` / ``right_encoding``
    for one side, ``"csv:list.csv?encoding=cp932"`` for one source); JSON is UTF-8 and XML
    follows its declaration. The items of an iterable are read as the lines of a text file:
    whitespace around a URL is removed, and an item that is empty or not a URL (prose, no
    scheme) is a finding (a :class:`SourceWarning`), never a missing page. A side that gives
    no URL at all raises ``OSError`` unless ``allow_empty``.

    The result is ``urlkit reconcile --json``'s records gathered in one dict:

    - ``summary``: the CLI's summary record (``level``, ``left`` / ``right`` with ``specs``,
      ``records``, ``distinct``, ``duplicate_keys``, ``duplicate_records``,
      ``overlap_keys``, ``overlap_records``, ``invalid``,
      ``types``, ``sources``, ``findings``; ``matched``, ``matched_exact``,
      ``matched_normalized``, ``rules`` (rule: pairs), ``only_left``, ``only_right``);
    - ``matched``: ``{exact, rules, left, right}`` per key on both sides;
    - ``missing`` (left only) and ``extra`` (right only): one occurrence each;
    - ``duplicates``: ``{side, count, occurrences}`` per key repeated on a side;
    - ``overlaps``: the same per key that more than one source of a side lists (the CLI's
      ``--left A --left B``; one source a side here, so it is empty);
    - ``invalid``: ``{side, url, kind, offset, message}`` per URL with no key (never joined,
      never dropped).

    An occurrence is ``{url, iri, key, source, type, index}``: the URL as written, its
    readable IRI when that differs, its key, its place (``"list.csv:3"``,
    ``"posts.json#/0/link"``; ``None`` for an iterable), its content type when the source
    says (``"post"``, ``"page"``, ...), and its 0-based position among its side's records.
    A guess, skipped input or removed whitespace while reading is also issued as a
    :class:`SourceWarning`, as the command line says it on stderr.

    >>> import urlkit
    >>> r = urlkit.reconcile(
    ...     ["https://example.com/%e9%81%8b%e5%96%b6/", "https://example.com/gone/"],
    ...     ["https://EXAMPLE.com/運営/", "https://example.com/new/"],
    ... )
    >>> [(m["left"]["url"], m["right"]["url"], m["rules"]) for m in r["matched"]]
    [('https://example.com/%e9%81%8b%e5%96%b6/', 'https://EXAMPLE.com/運営/', ['host-case', 'iri-to-uri'])]
    >>> ([o["url"] for o in r["missing"]], [o["url"] for o in r["extra"]])
    (['https://example.com/gone/'], ['https://example.com/new/'])
    """
    report = _urlkit.reconcile(
        _side(left),
        _side(right),
        level,
        loose_off=list(loose_off),
        loose_on=list(loose_on),
        encoding=encoding,
        left_encoding=left_encoding,
        right_encoding=right_encoding,
        allow_empty=allow_empty,
    )
    for side in ("left", "right"):
        for f in report["summary"][side]["findings"]:
            if f["effect"] in ("guessed", "skipped", "told"):
                at = f" ({f['position']})" if f["position"] else ""
                warnings.warn(f"{side} {f['source']}{at}: {f['message']}", SourceWarning, stacklevel=2)
    return report
