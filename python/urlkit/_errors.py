"""The exceptions urlkit raises: each carries the error's kind and its byte offset."""

from __future__ import annotations

from typing import Optional


class UrlkitError(ValueError):
    """A urlkit failure, located in its input.

    ``kind`` is the library's stable kebab-case name (``"malformed-escape"``,
    ``"invalid-utf8"``, ``"invalid-scheme"``, ...), ``offset`` the byte offset in the input's
    UTF-8 where it starts (``None`` when the failure is in no input's bytes: ``build``'s
    components), ``message`` the explanation. In bulk calls with ``errors="raise"``,
    ``row`` is the index of the failing row (``None`` otherwise).

    >>> import urlkit
    >>> try:
    ...     urlkit.decode("100%")
    ... except urlkit.DecodeError as e:
    ...     (e.kind, e.offset)
    ('malformed-escape', 3)
    """

    def __init__(self, kind: str, offset: Optional[int], message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.offset = offset
        self.message = message
        self.row: Optional[int] = None
        self.side: Optional[str] = None

    def __repr__(self) -> str:
        return f"{type(self).__name__}(kind={self.kind!r}, offset={self.offset}, message={self.message!r})"


class DecodeError(UrlkitError):
    """Percent-decoding failed: a malformed ``%`` or bytes that are not UTF-8 (strict mode)."""


class UrlError(UrlkitError):
    """A URL that cannot be normalized, keyed or compared (``side`` says which, in ``compare``)."""


class FlavorError(UrlkitError):
    """A foreign function's own failure, reproduced (``URIError``, Go's ``invalid URL escape``)."""


class UrlkitWarning(UserWarning):
    """A urlkit warning, located in its input: ``kind`` (``"already-encoded"``,
    ``"whole-url"``, ``"decoded-delimiter"``), ``offset`` (bytes into the input's UTF-8) and
    ``message``, the same words the ``urlkit`` command writes."""

    def __init__(self, kind: str, offset: int, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.offset = offset
        self.message = message


class EncodeWarning(UrlkitWarning):
    """An encoder was given text that is already percent-encoded (encoding it again gives
    ``%25XX``), or a whole URL as one component.

    >>> import urlkit, warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     urlkit.encode("%E6%97%A5")
    '%25E6%2597%25A5'
    >>> caught[0].message.kind
    'already-encoded'
    >>> urlkit.encode("%E6%97%A5 日", once=True)
    '%E6%97%A5%20%E6%97%A5'
    """


class DecodeWarning(UrlkitWarning):
    """Decoding turned escaped delimiters of a URL, a path or a query into real ones
    (``/a%2Fb/`` into ``/a/b/``): the result means something else."""


class HeaderWarning(UrlkitWarning):
    """A header value that asks something of its sender: quoted-pairs that some user agents
    do not unescape, a fallback name that must be sent as ISO-8859-1 bytes (RFC 6266
    Appendix D), a fallback that was not needed."""


class Base64Warning(UrlkitWarning):
    """A lenient Base64 reading accepted more than RFC 4648 (the other alphabet, missing
    padding, whitespace): the message says what.

    >>> import urlkit, warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     urlkit.base64_decode("YWJjZA", mode="lenient")
    b'abcd'
    >>> str(caught[0].message)
    "read leniently: no '=' padding"
    """


class SourceWarning(UserWarning):
    """urlkit told something about its input, where the command line writes a note on stderr:
    it removed the whitespace around a URL or a byte order mark, read a bare function name as
    the one flavor that has it (``as_="encodeURIComponent"``), guessed how to read a source
    (which CSV column holds the URLs), or part of a source gave no URL (a prose line, an item
    that is not a URL, a cell that is not UTF-8), or rows of a bulk call became null.

    >>> import urlkit, warnings
    >>> with warnings.catch_warnings(record=True) as w:
    ...     warnings.simplefilter("always")
    ...     urlkit.key(" https://example.com/a ")
    ...     [str(x.message) for x in w]
    'https://example.com/a'
    ['removed the whitespace around the URL (U+0020 before, U+0020 after)']
    """
