//! CLI snapshot tests: each `tests/cmd/*.toml` file pins one invocation's exit code, stdout
//! and stderr (`TRYCMD=overwrite cargo test -p urlkit-cli --test cli` rewrites them after a
//! deliberate change; review the diff).

#[test]
fn cli_snapshots() {
    trycmd::TestCases::new()
        .case("tests/cmd/*.toml")
        .env("NO_COLOR", "1");
}
