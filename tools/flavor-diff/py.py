"""Differential harness: runs one Python urllib.parse function over hex lines on stdin.

Input: UTF-16 code units (4 hex digits each; lone surrogates allowed) for a str, or "b:"
and hex for bytes. Output: "ok\t<hex>"
(UTF-8 of a str, surrogatepass; or the bytes) or "err\t<UTF-8 hex of 'Type: message'>".
"""
import sys
from urllib.parse import quote, quote_plus, unquote, unquote_plus, unquote_to_bytes, urlencode

FNS = {
    "python.quote": quote,
    "python.quote_plus": quote_plus,
    "python.urlencode": lambda s: urlencode([(b"k" if isinstance(s, bytes) else "k", s)])[2:],
    "python.unquote": unquote,
    "python.unquote_plus": unquote_plus,
    "python.unquote_to_bytes": unquote_to_bytes,
}

def main():
    fn = FNS[sys.argv[1]]
    out = []
    for line in sys.stdin.read().split("\n")[:-1]:
        if line.startswith("b:"):
            s = bytes.fromhex(line[2:])
        else:
            s = bytes.fromhex(line).decode("utf-16-be", "surrogatepass")
        try:
            r = fn(s)
            if isinstance(r, str):
                r = r.encode("utf-8", "surrogatepass")
            out.append("ok\t" + r.hex())
        except Exception as e:  # the error is the result under test
            out.append("err\t" + f"{type(e).__name__}: {e}".encode("utf-8", "backslashreplace").hex())
    sys.stdout.write("\n".join(out) + "\n")

main()
