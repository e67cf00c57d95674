"""Differential harness for the signing encoders, with the real libraries (run it with the
Python of the virtual environment that has oauthlib and botocore installed).

Input: UTF-16 code units (4 hex digits each) per line. Output: "ok\t<UTF-8 hex>" or
"err\t<UTF-8 hex of 'Type: message'>".
"""
import sys

from botocore.utils import percent_encode
from oauthlib.oauth1.rfc5849.utils import escape

FNS = {
    "oauth1": escape,
    "aws.sigv4": percent_encode,
}


def main():
    fn = FNS[sys.argv[1]]
    out = []
    for line in sys.stdin.read().split("\n")[:-1]:
        s = bytes.fromhex(line).decode("utf-16-be", "surrogatepass")
        try:
            out.append("ok\t" + fn(s).encode("utf-8").hex())
        except Exception as e:  # the error is the result under test
            out.append("err\t" + f"{type(e).__name__}: {e}".encode("utf-8", "backslashreplace").hex())
    sys.stdout.write("\n".join(out) + "\n")


main()
