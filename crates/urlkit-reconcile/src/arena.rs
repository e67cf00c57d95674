//! The join's text: each shard's distinct keys and the URLs kept as text, in append-only
//! arenas of fixed chunks, and the 12-byte [`Span`] that says where a text is.

use std::num::NonZeroU32;

/// A run of text in one shard's arenas, in 12 bytes (a slot holds three spans, and there is a
/// slot per distinct key); never zero, so that an `Option<Span>` is 12 bytes too.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Span {
    /// One more than the shard (the [`SHARD_BITS`] above the chunk) and the chunk of its
    /// arena (the low [`CHUNK_BITS`] bits); the top [`TAG_BITS`] are zero, for a
    /// [`PackedSpelling`](super::spelling::PackedSpelling) to say that it holds no text (see [`Span::tagged`]).
    place: NonZeroU32,
    offset: u32,
    len: u32,
}

/// Bits of [`Span::place`] that number the chunk: 2^22 chunks of at least 1 MiB each (4 TiB
/// of text per shard and arena) is more text than any machine holds.
const CHUNK_BITS: u32 = 22;

/// Bits of [`Span::place`] that number the shard, above the chunk: up to [`MAX_SHARDS`].
const SHARD_BITS: u32 = 8;

/// The top bits of [`Span::place`], left zero by a span of text: a [`PackedSpelling`](super::spelling::PackedSpelling) keeps in them
/// which transform of its key a URL is.
const TAG_BITS: u32 = 32 - SHARD_BITS - CHUNK_BITS;

/// The most shards a reconciler splits its keys into (more threads than this share shards).
pub(crate) const MAX_SHARDS: usize = 1 << SHARD_BITS;

impl Span {
    /// A span of no text whose tag (the top [`TAG_BITS`] of its place) is `tag`, which must
    /// be nonzero and below `1 << TAG_BITS` (what a [`PackedSpelling`](super::spelling::PackedSpelling) that is not text holds).
    pub(crate) const fn tagged(tag: u32) -> Span {
        let place = match NonZeroU32::new(tag << (32 - TAG_BITS)) {
            Some(p) => p,
            None => panic!("invariant: a tag is nonzero and below 1 << TAG_BITS"),
        };
        Span {
            place,
            offset: 0,
            len: 0,
        }
    }

    /// Its tag: 0 for a span of text (see [`Span::tagged`]).
    pub(crate) const fn tag(self) -> u32 {
        self.place.get() >> (32 - TAG_BITS)
    }

    /// The length of its text.
    pub(crate) fn len(self) -> usize {
        self.len as usize
    }

    fn place(self) -> u32 {
        // A tagged span's place is 0 here, and wraps to a shard that does not exist.
        (self.place.get() & (u32::MAX >> TAG_BITS)).wrapping_sub(1)
    }

    fn shard(self) -> usize {
        (self.place() >> CHUNK_BITS) as usize
    }

    fn chunk(self) -> usize {
        (self.place() & ((1 << CHUNK_BITS) - 1)) as usize
    }
}

/// Arena chunks are this large (or as large as one text that does not fit): the arena grows
/// by adding chunks, never by copying what it holds.
const CHUNK: usize = 1 << 20;

/// Append-only text in fixed chunks.
#[derive(Default)]
pub(crate) struct Arena {
    chunks: Vec<String>,
}

impl Arena {
    fn push(&mut self, text: &str, shard: u32) -> Span {
        let fits = self
            .chunks
            .last()
            .is_some_and(|c| c.capacity() - c.len() >= text.len());
        if !fits {
            self.chunks
                .push(String::with_capacity(CHUNK.max(text.len())));
        }
        let chunk = self.chunks.len() - 1;
        let mut offset = 0;
        if let Some(c) = self.chunks.last_mut() {
            offset = c.len();
            c.push_str(text);
        }
        // The last chunk number is never reached (2^22 chunks of at least 1 MiB), so the place
        // plus one stays below the tag bits.
        let chunk = u32::try_from(chunk)
            .ok()
            .filter(|c| *c < (1 << CHUNK_BITS) - 1)
            .expect("invariant: fewer than 2^22 - 1 chunks (each at least 1 MiB)");
        Span {
            place: NonZeroU32::MIN
                .saturating_add(((shard & ((1 << SHARD_BITS) - 1)) << CHUNK_BITS) | chunk),
            offset: u32::try_from(offset)
                .expect("invariant: a chunk is far smaller than 4 GiB, so an offset fits a u32"),
            len: u32::try_from(text.len())
                .expect("invariant: a text fits its chunk, far smaller than 4 GiB"),
        }
    }

    /// Hints the cache lines of a span's first and last bytes.
    fn prefetch(&self, s: Span) {
        if let Some(bytes) = self.chunks.get(s.chunk()).map(String::as_bytes) {
            let from = s.offset as usize;
            if let Some(first) = bytes.get(from) {
                crate::prefetch::prefetch(first);
            }
            if let Some(last) = bytes.get((from + s.len as usize).saturating_sub(1)) {
                crate::prefetch::prefetch(last);
            }
        }
    }

    fn get(&self, s: Span) -> &str {
        let from = s.offset as usize;
        self.chunks
            .get(s.chunk())
            .and_then(|c| c.get(from..from + s.len as usize))
            .expect("invariant: a span is the place of a text its arena pushed, whole")
    }
}

/// One shard's text arenas: its distinct keys, and the URLs that differ from their key.
#[derive(Default)]
pub(crate) struct ShardArenas {
    shard: u32,
    keys: Arena,
    urls: Arena,
}

impl ShardArenas {
    /// The empty arenas of shard number `shard`.
    pub(crate) fn new(shard: u32) -> ShardArenas {
        ShardArenas {
            shard,
            ..ShardArenas::default()
        }
    }

    pub(crate) fn push_key(&mut self, text: &str) -> Span {
        self.keys.push(text, self.shard)
    }

    pub(crate) fn push_url(&mut self, text: &str) -> Span {
        self.urls.push(text, self.shard)
    }

    pub(crate) fn key(&self, s: Span) -> &str {
        self.keys.get(s)
    }

    /// Hints the cache lines of a key's text.
    pub(crate) fn prefetch_key(&self, s: Span) {
        self.keys.prefetch(s);
    }

    /// Hints the cache lines of a kept URL's text.
    pub(crate) fn prefetch_url(&self, s: Span) {
        self.urls.prefetch(s);
    }

    pub(crate) fn url(&self, s: Span) -> &str {
        self.urls.get(s)
    }
}

/// Every shard's arenas, to read any span.
#[derive(Default)]
pub(crate) struct Arenas(pub(crate) Vec<ShardArenas>);

impl Arenas {
    pub(crate) fn key(&self, s: Span) -> &str {
        self.0
            .get(s.shard())
            .expect("invariant: a span names the shard whose store wrote it")
            .keys
            .get(s)
    }

    pub(crate) fn url(&self, s: Span) -> &str {
        self.0
            .get(s.shard())
            .expect("invariant: a span names the shard whose store wrote it")
            .urls
            .get(s)
    }
}
