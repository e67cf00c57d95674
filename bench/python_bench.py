#!/usr/bin/env python3
"""The Python package against what a Python user would write instead, in one run, same inputs.

    python bench/python_bench.py [--rows N] [--spark-rows N] [--data DIR]
                                 [--skip-inprocess] [--skip-spark] [--skip-duckdb]

(The defaults, 1,000,000 rows and 2,000,000 for Spark, run in about ten minutes;
--rows 100000 --spark-rows 100000 in a few.)

Inputs: the real URL lists kept in testdata/urls-sample (or every *.txt under --data DIR),
respelled the ways sources write them (lowercase hex, raw IRI, uppercase host) and repeated to
N rows (default 1,000,000). Prints seconds per approach and ratios (the alternative's time /
urlkit's), and what the engines' own functions get wrong on the same rows.

Alternatives:
- a urllib.parse normalizer (urlsplit, lowercase scheme and host, drop the default port,
  unquote + quote path and query: what a careful Python user writes);
- w3lib.url.canonicalize_url (Scrapy's);
- url_normalize.url_normalize;
- Spark local[2]: a Python UDF doing the urllib normalizer; Spark SQL's try_url_decode;
- DuckDB: an anti-join on lower(url_decode(url)).
No figure here is asserted by a test.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import random
import statistics
import re
import sys
import time
from urllib.parse import quote, unquote, urlsplit, urlunsplit

REPO = pathlib.Path(__file__).resolve().parents[1]
DEFAULT_PORTS = {"http": 80, "https": 443}
_ESCAPE = re.compile(r"%[0-9A-Fa-f]{2}")


def lower_hex(u: str) -> str:
    """`u` with the hex digits of its escapes in lowercase (as WordPress writes them)."""
    return _ESCAPE.sub(lambda m: m.group().lower(), u)


def urllib_key(url: str):
    """A careful urllib.parse normalizer (None where urllib rejects the URL)."""
    try:
        p = urlsplit(url)
        scheme = p.scheme.lower()
        host = (p.hostname or "").lower()
        port = p.port
    except ValueError:
        return None
    netloc = host
    if port is not None and DEFAULT_PORTS.get(scheme) != port:
        netloc += f":{port}"
    if p.username is not None:
        netloc = p.username + (":" + p.password if p.password else "") + "@" + netloc
    path = quote(unquote(p.path), safe="/!$&'()*+,;=:@~") or "/"
    query = quote(unquote(p.query), safe="/?!$&'()*+,;=:@~")
    return urlunsplit((scheme, netloc, path, query, p.fragment))


def corpus(rows: int, data: pathlib.Path | None) -> list[str]:
    import urlkit

    files = sorted((data or REPO / "testdata" / "urls-sample").glob("*.txt"))
    base = [line for f in files for line in f.read_text(encoding="utf-8").splitlines() if line]
    rng = random.Random(1)
    spellings = []
    for u in base:
        spellings.append(u)
        spellings.append(lower_hex(u))
        try:
            spellings.append(urlkit.normalize(u, "safe", to="iri"))
        except urlkit.UrlError:
            pass
    out = []
    while len(out) < rows:
        u = rng.choice(spellings)
        # A distinct path per row, so no approach gains from repeated inputs.
        out.append(f"{u}{'&' if '?' in u else '?'}n={len(out)}")
    return out


def timed(label: str, fn, reps: int = 1):
    """Wall seconds (what the engines' runs are compared by): the median of `reps` runs."""
    times, result = [], None
    for _ in range(reps):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    seconds = statistics.median(times)
    spread = f" (median of {reps}: {min(times):.2f}..{max(times):.2f})" if reps > 1 else ""
    print(f"  {label:<52} {seconds:8.2f} s{spread}", flush=True)
    return seconds, result


def timed_cpu(label: str, fn, reps: int = 1):
    """CPU seconds of this process, and wall seconds, each the median of `reps` runs: on a
    shared machine the wall time of a single-threaded run includes the time other processes
    held the core, which varies from minute to minute; its CPU time does not. In-process
    ratios are of CPU seconds. A sub-second run is repeated (a single one is at the mercy of
    the moment); a run of many seconds averages that out by itself."""
    cpus, walls, result = [], [], None
    for _ in range(reps):
        start, start_cpu = time.perf_counter(), time.process_time()
        result = fn()
        cpus.append(time.process_time() - start_cpu)
        walls.append(time.perf_counter() - start)
    cpu, wall = statistics.median(cpus), statistics.median(walls)
    spread = f" (median of {reps}: {min(cpus):.2f}..{max(cpus):.2f})" if reps > 1 else ""
    print(f"  {label:<52} {cpu:8.2f} s CPU {wall:8.2f} s wall{spread}", flush=True)
    return cpu, result


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--data", type=pathlib.Path)
    ap.add_argument("--url-normalize-rows", type=int, default=100_000, help="rows url_normalize is timed on (scaled to --rows)")
    ap.add_argument("--skip-inprocess", action="store_true", help="only the engines (DuckDB, Spark)")
    ap.add_argument(
        "--spark-rows",
        type=int,
        default=2_000_000,
        help="rows of the Spark part (default 2,000,000: each query's fixed cost, about 0.2 s, "
        "then weighs less against the per-row work a long job is made of)",
    )
    ap.add_argument("--skip-spark", action="store_true")
    ap.add_argument("--skip-duckdb", action="store_true")
    args = ap.parse_args()

    import pyarrow as pa
    import urlkit

    urls = corpus(args.rows, args.data)
    arr = pa.array(urls)
    print(f"{len(urls):,} URLs (from {'--data' if args.data else 'testdata/urls-sample'}), urlkit {urlkit.__version__}")

    if not args.skip_inprocess:
        in_process(urls, arr, args.url_normalize_rows)
    if not args.skip_duckdb:
        duck(urls)
    if not args.skip_spark:
        spark(urls if args.spark_rows == len(urls) else corpus(args.spark_rows, args.data))
    return 0


def in_process(urls: list[str], arr, url_normalize_rows: int) -> None:
    import urlkit

    print("in process, one thread (ratios of CPU seconds):")
    t_bulk, keys = timed_cpu("urlkit.keys(pyarrow array)", lambda: urlkit.keys(arr), reps=5)
    def key_or_none(u: str):
        try:
            return urlkit.key(u)
        except urlkit.UrlError:
            return None

    t_call, _ = timed_cpu("urlkit.key per call", lambda: [key_or_none(u) for u in urls], reps=3)
    t_urllib, _ = timed_cpu("urllib.parse normalizer", lambda: [urllib_key(u) for u in urls])
    from w3lib.url import canonicalize_url

    def w3lib_or_none(u: str):
        try:
            return canonicalize_url(u)
        except ValueError:
            return None

    t_w3lib, _ = timed_cpu("w3lib.url.canonicalize_url", lambda: [w3lib_or_none(u) for u in urls])
    from url_normalize import url_normalize

    def url_normalize_or_none(u: str):
        try:
            return url_normalize(u)
        except ValueError:
            return None

    # url_normalize is the slowest by far: timed on a prefix and scaled, and labelled so.
    n_un = min(len(urls), url_normalize_rows)
    t_urlnorm, _ = timed_cpu(
        f"url_normalize.url_normalize (first {n_un:,} rows)", lambda: [url_normalize_or_none(u) for u in urls[:n_un]]
    )
    t_urlnorm *= len(urls) / n_un
    print("ratios (alternative / urlkit.keys):")
    for label, t in [
        ("urllib normalizer", t_urllib),
        ("w3lib.canonicalize_url", t_w3lib),
        ("url_normalize (scaled)" if n_un < len(urls) else "url_normalize", t_urlnorm),
        ("urlkit.key per call", t_call),
    ]:
        print(f"  {label:<30} {t / t_bulk:7.1f}x")
    print(f"  urllib normalizer / urlkit.key per call: {t_urllib / t_call:.1f}x")
    # Not the headline: two threads on a machine whose cores other processes share.
    t_two, keys_two = timed("urlkit.keys(pyarrow array, threads=2), wall", lambda: urlkit.keys(arr, threads=2), reps=5)
    assert keys_two.equals(keys), "threads give the same keys"
    nulls = keys.null_count
    print(f"  ({nulls:,} rows had no key: urlkit.keys(..., errors='return') says why)")


def duck(urls: list[str]) -> None:
    import duckdb
    import pyarrow as pa
    import urlkit
    import urlkit.duckdb

    con = urlkit.duckdb.register(duckdb.connect())
    left = pa.table({"url": pa.array(urls)})
    # The right side: the same pages, respelled (lowercase hex digits of the escapes only, as
    # WordPress writes them: the rest of the URL keeps its case), minus every 100th. So the
    # true count of missing rows is the number dropped.
    right = pa.table({"url": pa.array([lower_hex(u) for i, u in enumerate(urls) if i % 100])})
    dropped = sum(1 for i in range(len(urls)) if i % 100 == 0)
    con.register("l", left)
    con.register("r", right)
    print("DuckDB anti-join (missing from right):")
    q_urlkit = "SELECT count(*) FROM l ANTI JOIN r ON urlkit_key(l.url, 'safe') = urlkit_key(r.url, 'safe')"
    q_lower = "SELECT count(*) FROM l ANTI JOIN r ON lower(url_decode(l.url)) = lower(url_decode(r.url))"
    t_u, n_u = timed("urlkit_key anti-join", lambda: con.execute(q_urlkit).fetchall()[0][0], reps=3)
    t_l, n_l = timed("lower(url_decode()) anti-join", lambda: con.execute(q_lower).fetchall()[0][0], reps=3)
    unkeyable = con.execute("SELECT count(*) FROM l WHERE urlkit_key(url, 'safe') IS NULL").fetchall()[0][0]
    print(
        f"  ratio lower(url_decode()) / urlkit_key: {t_l / t_u:.2f}x; missing: urlkit {n_u:,}, "
        f"lower(url_decode()) {n_l:,}, rows dropped from the right {dropped:,}"
    )
    print(
        f"  (urlkit's count includes the left rows that have no key, {unkeyable:,} in all: a URL"
        " that is not one matches nothing; urlkit.keys(..., errors='return') says why)"
    )
    wrong = con.execute(
        "SELECT count(*) FROM (VALUES ('http://a/b%2Fc', 'http://a/b/c'), ('http://a/A', 'http://a/a'),"
        " ('http://a/?q=a+b', 'http://a/?q=a%20b'), ('http://a/100%25', 'http://a/100%')) v(x, y)"
        " WHERE lower(url_decode(x)) = lower(url_decode(y)) AND urlkit_key(x, 'safe') <> urlkit_key(y, 'safe')"
    ).fetchall()[0][0]
    print(
        f"  lower(url_decode()) equates {wrong} of 4 pairs that are different pages "
        "(%2F vs /, path case, + vs %20 in a query, %25 vs %)"
    )


SPARK_ROUNDS = 5


def spark(urls: list[str]) -> None:
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F

    import urlkit.spark

    session = (
        SparkSession.builder.master("local[2]")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.driver.memory", "4g")
        # Arrow batches of 30,000 rows instead of 10,000 (the setting urlkit.spark's docs
        # recommend): fewer JVM <-> Python round trips, while the batches stay small enough
        # for the JVM to write one as Python keys the last (100,000 and more were slower on
        # this machine). The pickled Python UDF does not read it.
        .config("spark.sql.execution.arrow.maxRecordsPerBatch", "30000")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    df = session.createDataFrame([(u,) for u in urls], "url string").repartition(2).cache()
    df.count()

    def run(frame, col):
        frame.select(col.alias("k")).write.format("noop").mode("overwrite").save()

    def rounds(frame) -> dict[str, list[float]]:
        """Rounds, each running every approach once over `frame`, so that a slow minute on a
        shared machine (a GC, another process) falls on all of them alike and not on one
        approach's block of runs: each approach's times, one per round."""
        times: dict[str, list[float]] = {label: [] for label in approaches}
        for _ in range(SPARK_ROUNDS):
            for label, col in approaches.items():
                start = time.perf_counter()
                run(frame, col)
                times[label].append(time.perf_counter() - start)
        return times

    # The classic pickled UDF (Spark's default; said here, not inferred from type hints).
    udf = F.udf(urllib_key, "string", useArrow=False)
    approaches = {
        "urlkit.spark.key (arrow_udf)": urlkit.spark.key("url"),
        "Python UDF with the urllib normalizer": udf("url"),
        "Spark SQL try_url_decode": F.expr("try_url_decode(url)"),
    }
    # Each approach once over all rows first, untimed: the Python workers start and import
    # their modules (pyarrow, urlkit), and the JVM compiles the plan's hot code, there and not
    # in a timed run. What is timed is the steady state a long job runs in.
    for col in approaches.values():
        run(df, col)
    # Each approach's figure is its median over the rounds.
    times = rounds(df)
    print(f"Spark local[2], {len(urls):,} rows (every row keyed, written to a no-op sink; after one untimed run of")
    print(f"each, {SPARK_ROUNDS} rounds that run each approach once; the median over the rounds):")
    for label, ts in times.items():
        print(f"  {label:<52} {statistics.median(ts):8.2f} s ({min(ts):.2f}..{max(ts):.2f})", flush=True)
    # What every query pays once, whatever its size (planning, code generation, task start):
    # the same queries over 1,000 rows.
    few = df.limit(1000).cache()
    few.count()
    fixed = {label: statistics.median(ts) for label, ts in rounds(few).items()}
    print(
        "  the same over 1,000 rows (a query's fixed cost): "
        + ", ".join(f"{label.split(' (')[0]} {t:.2f} s" for label, t in fixed.items())
    )
    t_u, t_p, t_d = (statistics.median(ts) for ts in times.values())
    per_round = sorted(p / u for u, p in zip(*list(times.values())[:2]))
    print(
        f"  ratio Python UDF / urlkit: {t_p / t_u:.1f}x (per round {per_round[0]:.1f}x..{per_round[-1]:.1f}x);"
        f" try_url_decode / urlkit: {t_d / t_u:.2f}x"
    )
    f_u, f_p = list(fixed.values())[:2]
    print(f"  per-row work alone (each time minus its fixed cost): {(t_p - f_p) / (t_u - f_u):.1f}x")
    pairs = session.createDataFrame(
        [("http://a/b%2Fc", "http://a/b/c"), ("http://a/?q=a+b", "http://a/?q=a b"), ("HTTP://A/x", "http://a/x")],
        "x string, y string",
    )
    rows = pairs.select(
        (F.expr("try_url_decode(x)") == F.expr("try_url_decode(y)")).alias("decode_equal"),
        (urlkit.spark.key("x") == urlkit.spark.key("y")).alias("urlkit_equal"),
    ).collect()
    print(
        "  try_url_decode equal / urlkit equal on (%2F vs /), (+ vs space), (host case): "
        + ", ".join(f"{r['decode_equal']}/{r['urlkit_equal']}" for r in rows)
        + " (it decodes %2F and + into a path and a space, and never folds host case)"
    )
    session.stop()


if __name__ == "__main__":
    sys.exit(main())
