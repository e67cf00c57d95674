"""Lint and repair: the findings of ``urlkit lint --json`` and the verdicts of
``urlkit repair --json``, with the same fields."""

from __future__ import annotations

from typing import Any, Iterable, Union

from . import _urlkit

Rules = Union[str, Iterable[str]]


def _words(rules: Rules) -> list[str]:
    # One string is one --select / --ignore argument (words may be comma-separated).
    return [rules] if isinstance(rules, str) else list(rules)


def lint(url: str, select: Rules = (), ignore: Rules = ()) -> list[dict[str, Any]]:
    """Every encoding mistake and hazard in ``url``, ordered by span.

    ``select`` adds rules to the defaults (every family but ``style``) and ``ignore`` leaves
    rules out: codes (``"U0201"``), names (``"lowercase-hex"``), WHATWG aliases
    (``"invalid-reverse-solidus"``), families (``"security"``, ``"style"``) or ``"all"``,
    as a list or one comma-separated string, as ``urlkit lint --select/--ignore`` reads them.
    Each finding is the dict ``urlkit lint --json`` writes: ``rule``, ``code``, ``level``
    (``"error"``, ``"warning"``, ``"note"``), ``span`` ``{start, end}`` (byte offsets in the
    URL's UTF-8), ``component``, ``message``, ``evidence`` ``[{label, value}]`` and, when the
    rule has one, ``fix`` ``{applicability, span, replacement}``.

    >>> import urlkit
    >>> [(f["rule"], f["span"]) for f in urlkit.lint("https://example.com/%e6%97%a5/a+b")]
    [('lowercase-hex', {'start': 20, 'end': 29}), ('plus-in-path', {'start': 31, 'end': 32})]
    >>> urlkit.lint("https://example.com/%e6%97%a5", ignore="lowercase-hex")
    []
    >>> urlkit.lint("https://example.com/tag/%E3%83%AD%E3%82%B0/")
    []
    """
    return _urlkit.lint(url, _words(select), _words(ignore))


def lint_list(urls: Iterable[str], select: Rules = (), ignore: Rules = ()) -> list[list[dict[str, Any]]]:
    """:func:`lint` over a list, with the list-level rules too (``mixed-forms``: the same
    site written two ways), as ``urlkit lint --json`` runs over its whole input: one list of
    findings per URL, in input order.

    >>> import urlkit
    >>> found = urlkit.lint_list(["https://a/%E6%97%A5", "https://a/%e6%9c%ac", "https://a/%E8%AA%9E"])
    >>> [[f["rule"] for f in fs] for fs in found]
    [[], ['lowercase-hex', 'mixed-forms'], []]
    """
    if isinstance(urls, str):
        raise TypeError("expected many URLs (a list), got one string: use urlkit.lint(url)")
    return _urlkit.lint_list(list(urls), _words(select), _words(ignore))


def fix(url: str, fixes: str = "safe", select: Rules = (), ignore: Rules = ()) -> str:
    """``url`` with the lint fixes applied (``urlkit lint --fix``): ``fixes="safe"`` applies
    only fixes that never change which resource the URL names, ``"unsafe"`` the others too
    (``--unsafe-fixes``); display-only fixes are never applied.

    >>> import urlkit
    >>> urlkit.fix("https://a/%e6%97%a5")
    'https://a/%E6%97%A5'
    >>> (urlkit.fix("https://a/a+b"), urlkit.fix("https://a/a+b", "unsafe"))
    ('https://a/a+b', 'https://a/a%2Bb')
    """
    return _urlkit.fix(url, fixes, _words(select), _words(ignore))


def repair(url: str) -> dict[str, Any]:
    """Repairs a URL written in a legacy charset (Shift_JIS, EUC-JP, GBK, ...) or through
    Latin-1 mojibake, as ``urlkit repair`` does: the URL is rewritten only when one reading
    remains, else it is left unchanged and the candidates say why.

    The dict is the record of ``urlkit repair --json`` without ``input`` and ``ok``:
    ``output``, ``verdict`` (``"repaired"``, ``"unchanged"``, ``"ambiguous"``, ``"none"``),
    ``charset`` (when one was chosen), ``steps`` and ``candidates``. A URL that does not
    parse raises :class:`urlkit.UrlError` with its kind and byte offset.

    >>> import urlkit
    >>> r = urlkit.repair("https://example.com/?q=%8AO%91%95%95s%97%C7")
    >>> (r["verdict"], r["charset"], r["output"])
    ('repaired', 'Shift_JIS', 'https://example.com/?q=%E5%A4%96%E8%A3%85%E4%B8%8D%E8%89%AF')
    >>> urlkit.repair("https://example.com/tags/%C3%A9%C2%96%C2%8B/")["output"]
    'https://example.com/tags/%E9%96%8B/'
    >>> urlkit.repair("http://localhost:8080/form?a=%83z")["verdict"]
    'ambiguous'
    """
    return _urlkit.repair(url)


def repair_list(urls: Iterable[str]) -> list[Any]:
    """:func:`repair` over a list, as ``urlkit repair`` reads its whole input: a host's
    confident readings count as evidence for its doubtful ones. One item per URL, in input
    order: the repair dict, or the :class:`urlkit.UrlError` of a URL that does not parse
    (returned, not raised, so that one bad line hides no other answer).

    >>> import urlkit
    >>> kanji = "http://a.example/y?q=%C5%EC%B5%FE"
    >>> kana = "http://a.example/x?q=%C6%FC%CB%DC%A4%CE%A5%C6%A5%B9%A5%C8"
    >>> urlkit.repair(kanji)["verdict"]
    'ambiguous'
    >>> [r["charset"] for r in urlkit.repair_list([kanji, kana])]
    ['EUC-JP', 'EUC-JP']
    """
    if isinstance(urls, str):
        raise TypeError("expected many URLs (a list), got one string: use urlkit.repair(url)")
    return _urlkit.repair_list(list(urls))


def rules() -> list[dict[str, Any]]:
    """Every lint rule in code order, as ``urlkit lint --list`` lists them: ``code``,
    ``name``, ``family``, ``level``, ``scope`` (``"url"``, or ``"list"`` for the rules only
    :func:`lint_list` runs), ``summary``, ``aliases``, ``on_by_default``.

    >>> import urlkit
    >>> [r["code"] for r in urlkit.rules() if r["name"] == "lowercase-hex"]
    ['U0201']
    """
    return _urlkit.rules()
