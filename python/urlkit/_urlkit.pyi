"""Type stubs of the native module (see python/src/)."""

from typing import Any, Optional, Sequence, Union

__version__: str

class Difference:
    component: str
    offset_a: int
    offset_b: int
    message: str

class Comparison:
    equal: bool
    level: str
    lowest_equal_level: Optional[str]
    rules: list[str]
    difference: Optional[Difference]
    whatwg_equal: Optional[bool]
    def __bool__(self) -> bool: ...

class Op: ...

def encode(
    text: Union[str, bytes],
    set: str = "unreserved",
    *,
    as_: Optional[str] = None,
    safe: Optional[str] = None,
    hex: str = "upper",
) -> str: ...
def decode(text: Union[str, bytes], mode: str = "strict", *, as_: Optional[str] = None) -> Union[str, bytes]: ...
def flavors() -> list[dict[str, str]]: ...
def normalize(
    url: str,
    level: str = "safe",
    *,
    to: str = "uri",
    loose_off: Sequence[str] = ...,
    loose_on: Sequence[str] = ...,
) -> str: ...
def key(url: str, level: str = "safe", *, loose_off: Sequence[str] = ..., loose_on: Sequence[str] = ...) -> str: ...
def compare(
    a: str, b: str, level: str = "safe", *, loose_off: Sequence[str] = ..., loose_on: Sequence[str] = ...
) -> Comparison: ...
def parse(url: str) -> dict[str, Any]: ...
def reconcile(
    left: Sequence[str],
    right: Sequence[str],
    level: str = "safe",
    *,
    loose_off: Sequence[str] = ...,
    loose_on: Sequence[str] = ...,
) -> dict[str, Any]: ...
def op_key(level: str = "safe", loose_off: Sequence[str] = ..., loose_on: Sequence[str] = ...) -> Op: ...
def op_normalize(
    level: str = "safe", to: str = "uri", loose_off: Sequence[str] = ..., loose_on: Sequence[str] = ...
) -> Op: ...
def op_encode(
    set: str = "unreserved", as_: Optional[str] = None, safe: Optional[str] = None, hex: str = "upper"
) -> Op: ...
def op_decode(mode: str = "strict") -> Op: ...
def map_arrow(op: Op, array: Any) -> tuple[Any, Any]: ...
def map_list(
    op: Op, items: Sequence[Optional[str]]
) -> tuple[list[Optional[str]], list[tuple[int, str, int, str]]]: ...
def values_buffer_address(array: Any) -> int: ...
