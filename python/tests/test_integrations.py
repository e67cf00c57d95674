"""DuckDB, Polars and a local Spark session compute the same keys and dedupe as the CLI."""

from __future__ import annotations

import os
import random
import sys

import pyarrow as pa
import pytest

import urlkit
from conftest import run_cli


def generated(n: int = 2000, seed: int = 6) -> list:
    """URLs respelled the ways real sources write them, plus bad and null rows."""
    rng = random.Random(seed)
    slugs = ["運営者情報", "料金プラン", "ブログ", "a b", "tag/ログイン", "100%25", "C%2B%2B"]
    out: list = []
    for _ in range(n):
        slug = rng.choice(slugs)
        quoted = urlkit.encode(slug, "path")
        form = rng.randrange(5)
        if form == 0:
            path = quoted
        elif form == 1:
            path = quoted.lower()
        elif form == 2:
            path = slug.replace(" ", "%20")
        elif form == 3:
            path = quoted + "/./"
        else:
            path = "%zz" + quoted
        host = rng.choice(["example.com", "EXAMPLE.com", "example.com:443"])
        out.append(f"https://{host}/{path}")
    out.append(None)
    return out


def cli_keys(urls: list, level: str) -> list:
    lines = [u for u in urls if u is not None]
    records = iter(run_cli(["key", "--level", level], lines))
    out = []
    for u in urls:
        if u is None:
            out.append(None)
            continue
        r = next(records)
        out.append(r["output"] if r["ok"] else None)
    return out


def expected_dedupe(keys: list, urls: list) -> dict:
    counts: dict = {}
    for k, u in zip(keys, urls):
        if k is not None:
            counts[k] = counts.get(k, 0) + 1
    return counts


def test_duckdb() -> None:
    import duckdb
    import urlkit.duckdb

    urls = generated()
    con = urlkit.duckdb.register(duckdb.connect())
    con.register("t", pa.table({"url": pa.array(urls, pa.string())}))
    for level in ["safe", "normal"]:
        got = [r[0] for r in con.sql(f"SELECT urlkit_key(url, '{level}') FROM t").fetchall()]
        assert got == cli_keys(urls, level)
    counts = dict(
        con.sql(
            "SELECT k, count(*) FROM (SELECT urlkit_key(url, 'safe') AS k FROM t) WHERE k IS NOT NULL GROUP BY k"
        ).fetchall()
    )
    assert counts == expected_dedupe(cli_keys(urls, "safe"), urls)
    iri = con.execute("SELECT urlkit_normalize('https://example.com/%e9%81%8b', 'safe', 'iri')").fetchone()
    assert iri == ("https://example.com/運",)


def test_polars() -> None:
    import polars as pl
    import urlkit.polars  # noqa: F401  (registers the namespace)

    urls = generated()
    df = pl.DataFrame({"url": urls})
    for level in ["safe", "loose"]:
        got = df.select(pl.col("url").urlkit.key(level)).to_series().to_list()
        assert got == cli_keys(urls, level)
    counts = (
        df.with_columns(pl.col("url").urlkit.key("safe").alias("k"))
        .drop_nulls("k")
        .group_by("k")
        .len()
    )
    assert dict(counts.iter_rows()) == expected_dedupe(cli_keys(urls, "safe"), urls)
    assert df.select(pl.col("url").urlkit.normalize(to="iri")).height == len(urls)


@pytest.fixture(scope="module")
def spark():
    from pyspark.sql import SparkSession

    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)
    session = (
        SparkSession.builder.master("local[2]")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


def test_spark_keys_and_dedupe(spark) -> None:
    import urlkit.spark

    urls = generated(600)
    df = spark.createDataFrame([(u,) for u in urls], "url string")
    got = [r["k"] for r in df.select(urlkit.spark.key("url").alias("k")).collect()]
    expected = cli_keys(urls, "safe")
    assert got == expected
    rows = urlkit.spark.dedupe(df, "url").collect()
    keyed = {r["key"]: r["count"] for r in rows if not r["unkeyable"]}
    assert keyed == expected_dedupe(expected, urls)
    assert sum(1 for r in rows if r["unkeyable"]) == sum(1 for k in expected if k is None)
    parts = urlkit.spark.reconcile(df.limit(300), df, "url")
    assert parts["missing"].where("urlkit_key IS NOT NULL").count() == 0
