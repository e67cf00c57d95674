"""Every example in the package's docstrings, and the session in docs/python.md, runs and
gives what it shows."""

from __future__ import annotations

import doctest

import pytest

import urlkit
import urlkit._bulk
import urlkit._errors
from conftest import REPO


@pytest.mark.parametrize("module", [urlkit, urlkit._bulk, urlkit._errors], ids=lambda m: m.__name__)
def test_docstring_examples(module) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{module.__name__} has no examples"
    assert result.failed == 0


def test_the_python_page_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    # The page's paths are the repository's (examples/wordpress-site/...), as a reader types them.
    monkeypatch.chdir(REPO)
    page = REPO / "docs" / "python.md"
    result = doctest.testfile(str(page), module_relative=False, optionflags=doctest.ELLIPSIS, encoding="utf-8")
    assert result.attempted >= 15, f"docs/python.md has {result.attempted} examples"
    assert result.failed == 0
