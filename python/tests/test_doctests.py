"""Every example in the package's docstrings runs and gives what it shows."""

from __future__ import annotations

import doctest

import pytest

import urlkit
import urlkit._bulk
import urlkit._errors


@pytest.mark.parametrize("module", [urlkit, urlkit._bulk, urlkit._errors], ids=lambda m: m.__name__)
def test_docstring_examples(module) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{module.__name__} has no examples"
    assert result.failed == 0
