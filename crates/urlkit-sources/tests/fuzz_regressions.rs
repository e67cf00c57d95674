//! Inputs the fuzz targets (`fuzz/`) stopped on, one named test each.

use urlkit_sources::{Reader, Record, RecordSink, SourceSpec};

struct Count(usize);

impl RecordSink for Count {
    fn record(&mut self, _: Record) {
        self.0 += 1;
    }
}

/// `sources_csv`: a header row shorter than the column chosen by content made the note that
/// names the column index past the header (a panic); now the column is used and named by
/// number.
#[test]
fn fuzz_csv_header_shorter_than_the_url_column() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("short-header.csv");
    std::fs::write(
        &path,
        b"\xef\xbb\xbftmple.com/a\r\n\"Qtoted, comma\",\"https://example.com/b?x=1,2\"\r\nEmptyht\n",
    )
    .expect("write");
    let spec = SourceSpec::parse(&format!("csv:{}", path.display())).expect("a spec");
    let mut sink = Count(0);
    let read = Reader::new().read_to(&spec, &mut sink);
    assert!(read.is_ok(), "{read:?}");
    assert_eq!(sink.0, 1, "the one URL row is read");
}
