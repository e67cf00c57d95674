//! Adding batches while earlier ones are keyed and joined: a pool of threads takes whatever
//! work is ready, a part of a batch to key or a shard with keyed runs to join, so that no
//! thread waits for another at the end of each step and the caller keeps reading meanwhile.
//!
//! The order of records is kept where it matters: each shard joins the runs of the parts in
//! the order the records were added (the first occurrence of a key is the first added), while
//! the parts themselves are keyed in any order, by any thread.

use std::collections::{BTreeMap, VecDeque};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

use super::engine::Reconciler;
use super::keying::{join_runs, KeyContext, Run, KEY_PART};
use super::shard::Shard;
use super::{Batch, Side};

/// At most this many records are added and not yet joined: the caller waits beyond it, so
/// the memory of the batches in flight stays bounded whatever the speed of the reading.
/// (Small in unit tests, so that they make the caller wait.)
const MAX_QUEUED: usize = if cfg!(test) { 9_000 } else { 160 * 1024 };

/// Text buffers kept for the caller to reuse (the others are freed).
const SPARE_TEXTS: usize = 4;

/// Hands batches to a [`Reconciler`]'s threads; see [`Reconciler::feed`].
///
/// ```
/// use urlkit::normalize::{Level, Options};
/// use urlkit_reconcile::{Batch, LevelKeyer, Reconciler, Side};
/// let keyer = LevelKeyer::new(Options::new(Level::Safe));
/// let mut r: Reconciler<'_, u32> = Reconciler::new(&keyer).threads(2);
/// r.feed(|feeder| {
///     feeder.reserve(2);
///     feeder.add_batch(Side::Left, [("https://example.com/%e3%81%82", 1)].into_iter().collect());
///     feeder.add_batch(Side::Right, [("https://example.com/あ", 2)].into_iter().collect());
///     // Text buffers of batches already keyed come back for the next reads.
///     let _spare: Option<String> = feeder.spare_text();
/// });
/// assert_eq!(r.finish().summary().matched_normalized, 1);
/// ```
pub struct Feeder<'f, 'k, M> {
    inner: Inner<'f, 'k, M>,
}

enum Inner<'f, 'k, M> {
    /// One thread: each batch is keyed and joined when it is added.
    Inline {
        reconciler: &'f mut Reconciler<'k, M>,
        spare: Option<String>,
    },
    /// The pool's threads do the work.
    Pool {
        pool: &'f Pool<M>,
        records: &'f mut [usize; 2],
    },
}

impl<M: Send + Sync> Feeder<'_, '_, M> {
    /// Adds a batch of records of `side`: keyed and joined by the reconciler's threads while
    /// the caller goes on, in the order added. Waits while too many records are in flight.
    pub fn add_batch(&mut self, side: Side, batch: Batch<M>) {
        match &mut self.inner {
            Inner::Inline { reconciler, spare } => {
                let text = reconciler.add_batch_inline(side, batch);
                *spare = Some(text);
            }
            Inner::Pool { pool, records } => {
                let first_seq = (records[0] + records[1]) as u64 + 1;
                records[side.index()] += batch.len();
                pool.add(side, batch, first_seq);
            }
        }
    }

    /// Makes room for about `keys` more distinct keys (see [`Reconciler::reserve`]).
    pub fn reserve(&mut self, keys: usize) {
        match &mut self.inner {
            Inner::Inline { reconciler, .. } => reconciler.reserve(keys),
            Inner::Pool { pool, .. } => pool.reserve(keys),
        }
    }

    /// The text buffer of a batch already keyed (its content is stale), to read the next
    /// records into instead of fresh memory (which the system must zero page by page).
    pub fn spare_text(&mut self) -> Option<String> {
        match &mut self.inner {
            Inner::Inline { spare, .. } => spare.take(),
            Inner::Pool { pool, .. } => pool.lock().spare.pop(),
        }
    }

    /// How many records were added to `side` so far.
    pub fn records(&self, side: Side) -> usize {
        match &self.inner {
            Inner::Inline { reconciler, .. } => reconciler.records(side),
            Inner::Pool { records, .. } => records[side.index()],
        }
    }
}

impl<'k, M: Send + Sync> Reconciler<'k, M> {
    /// Runs `feed` on the calling thread, which adds batches through the [`Feeder`] it is
    /// given, while the reconciler's threads key and join them: reading, keying and joining
    /// overlap. Returns what `feed` returns, once every batch added is joined.
    ///
    /// ```
    /// use urlkit::normalize::{Level, Options};
    /// use urlkit_reconcile::{LevelKeyer, Reconciler, Side};
    /// let keyer = LevelKeyer::new(Options::new(Level::Safe));
    /// let mut r = Reconciler::new(&keyer).threads(2);
    /// let added = r.feed(|feeder| {
    ///     for k in 0..3 {
    ///         let batch = (0..5000).map(|i| (format!("https://example.com/{k}/{i}"), ())).collect();
    ///         feeder.add_batch(Side::Left, batch);
    ///     }
    ///     feeder.records(Side::Left)
    /// });
    /// assert_eq!((added, r.distinct_keys()), (15000, 15000));
    /// ```
    pub fn feed<R>(&mut self, feed: impl FnOnce(&mut Feeder<'_, 'k, M>) -> R) -> R {
        if self.threads <= 1 {
            let mut feeder = Feeder {
                inner: Inner::Inline {
                    reconciler: self,
                    spare: None,
                },
            };
            return feed(&mut feeder);
        }
        let pool = Pool::new(std::mem::take(&mut self.shards));
        let ctx = &self.ctx;
        let out = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..self.threads)
                .map(|_| scope.spawn(|| pool.work(ctx)))
                .collect();
            let mut feeder = Feeder {
                inner: Inner::Pool {
                    pool: &pool,
                    records: &mut self.records,
                },
            };
            // Closed also when `feed` panics, so that the workers end and the panic goes on.
            let closer = PoolGuard {
                pool: &pool,
                ending: Ending::Closed,
            };
            let out = feed(&mut feeder);
            drop(closer);
            for w in workers {
                w.join().unwrap_or_else(|p| std::panic::resume_unwind(p));
            }
            out
        });
        self.shards = pool.into_shards();
        out
    }
}

/// Ends the pool when dropped, and wakes whoever waits: closed when the caller is done
/// adding (also by a panic), failed when a worker unwinds (so that nobody waits for it).
struct PoolGuard<'p, M> {
    pool: &'p Pool<M>,
    ending: Ending,
}

/// How a [`PoolGuard`] ends the pool.
enum Ending {
    Closed,
    Failed,
}

impl<M> Drop for PoolGuard<'_, M> {
    fn drop(&mut self) {
        let mut st = self.pool.state.lock().unwrap_or_else(|p| p.into_inner());
        match self.ending {
            Ending::Closed => st.closed = true,
            Ending::Failed => st.failed = true,
        }
        drop(st);
        self.pool.work.notify_all();
        self.pool.room.notify_all();
    }
}

/// The work shared by the pool's threads.
struct Pool<M> {
    state: Mutex<State<M>>,
    /// Signalled when there is work for an idle thread, or the pool closes or fails.
    work: Condvar,
    /// Signalled when records in flight are joined while the caller waits for room, or the
    /// pool fails.
    room: Condvar,
}

/// A batch added and not yet completely keyed.
struct Pending<M> {
    id: u64,
    side: Side,
    first_seq: u64,
    /// The source its records come from (see `Batch::with_source`).
    source: u8,
    /// The number of its first part among all parts added (the order the shards join in).
    first_part: u64,
    /// Its text and where each URL is; shared by the threads that key its parts.
    text: Arc<(String, Vec<(usize, usize)>)>,
    /// The metadata of each part, taken by the thread that keys it.
    metas: Vec<Option<Vec<M>>>,
    next_part: usize,
    parts_done: usize,
}

struct State<M> {
    pending: VecDeque<Pending<M>>,
    /// Each shard, `None` while a thread joins into it.
    shards: Vec<Option<Shard<M>>>,
    /// Each shard's keyed runs by part number, with their side, waiting to be joined.
    ready: Vec<BTreeMap<u64, (Side, Run<M>)>>,
    /// Each shard's next part to join.
    next_part: Vec<u64>,
    /// Keys to make room for in each shard before its next join.
    reserve: Vec<usize>,
    batches: u64,
    parts: u64,
    /// Records added and not yet joined.
    queued: usize,
    /// Whether the caller waits for `queued` to go down.
    caller_waits: bool,
    /// Threads waiting for work.
    idle: usize,
    /// Text buffers of keyed batches, for the caller to reuse.
    spare: Vec<String>,
    closed: bool,
    /// A thread panicked: everyone stops (the panic is resumed by `feed`).
    failed: bool,
}

/// One unit of work.
enum Task<M> {
    Key {
        batch: u64,
        side: Side,
        part: u64,
        first_seq: u64,
        source: u8,
        range: std::ops::Range<usize>,
        text: Arc<(String, Vec<(usize, usize)>)>,
        metas: Vec<M>,
    },
    Join {
        index: usize,
        shard: Shard<M>,
        side: Side,
        runs: Vec<Run<M>>,
        reserve: usize,
    },
}

impl<M: Send + Sync> Pool<M> {
    fn new(shards: Vec<Shard<M>>) -> Pool<M> {
        let n = shards.len();
        Pool {
            state: Mutex::new(State {
                pending: VecDeque::new(),
                shards: shards.into_iter().map(Some).collect(),
                ready: (0..n).map(|_| BTreeMap::new()).collect(),
                next_part: vec![0; n],
                reserve: vec![0; n],
                batches: 0,
                parts: 0,
                queued: 0,
                caller_waits: false,
                idle: 0,
                spare: Vec::new(),
                closed: false,
                failed: false,
            }),
            work: Condvar::new(),
            room: Condvar::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State<M>> {
        // A thread that panicked holding the lock leaves `failed` set for the others.
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn wait<'g>(&self, cv: &Condvar, guard: MutexGuard<'g, State<M>>) -> MutexGuard<'g, State<M>> {
        cv.wait(guard).unwrap_or_else(|p| p.into_inner())
    }

    fn add(&self, side: Side, batch: Batch<M>, first_seq: u64) {
        let n = batch.len();
        if n == 0 {
            return;
        }
        let Batch {
            text,
            spans,
            metas,
            source,
        } = batch;
        // The metadata split into one vector per part, from the last part down.
        let nparts = n.div_ceil(KEY_PART);
        let mut rest = metas;
        let mut parts: Vec<Option<Vec<M>>> = (0..nparts)
            .rev()
            .map(|p| Some(rest.split_off((p * KEY_PART).min(rest.len()))))
            .collect();
        parts.reverse();
        let mut st = self.lock();
        while st.queued > 0 && st.queued + n > MAX_QUEUED.max(n) && !st.failed {
            st.caller_waits = true;
            st = self.wait(&self.room, st);
            st.caller_waits = false;
        }
        if st.failed {
            return;
        }
        let id = st.batches;
        st.batches += 1;
        let first_part = st.parts;
        st.parts += nparts as u64;
        st.queued += n;
        st.pending.push_back(Pending {
            id,
            side,
            first_seq,
            source,
            first_part,
            text: Arc::new((text, spans)),
            metas: parts,
            next_part: 0,
            parts_done: 0,
        });
        let idle = st.idle > 0;
        drop(st);
        if idle {
            self.work.notify_all();
        }
    }

    fn reserve(&self, keys: usize) {
        let mut st = self.lock();
        let per_shard = keys / st.shards.len().max(1) + 1;
        for r in &mut st.reserve {
            *r += per_shard;
        }
    }

    /// A worker: takes ready work until the pool is closed and drained.
    fn work(&self, ctx: &KeyContext<'_>) {
        let guard = PoolGuard {
            pool: self,
            ending: Ending::Failed,
        };
        let mut st = self.lock();
        loop {
            if st.failed {
                break;
            }
            let task = st.take();
            if task.is_some() && st.idle > 0 && st.has_task() {
                // More than this thread can take: wake another (which wakes the next).
                self.work.notify_one();
            }
            let Some(task) = task else {
                if st.closed && st.drained() {
                    break;
                }
                st.idle += 1;
                st = self.wait(&self.work, st);
                st.idle -= 1;
                continue;
            };
            drop(st);
            st = match task {
                Task::Key {
                    batch,
                    side,
                    part,
                    first_seq,
                    source,
                    range,
                    text,
                    metas,
                } => {
                    let runs = ctx.key_part(&text.0, &text.1, range, metas, (first_seq, source));
                    // The text is released before the count says the part is done, so that
                    // the last part's thread finds it free.
                    drop(text);
                    let mut st = self.lock();
                    st.keyed(batch, side, part, runs);
                    st
                }
                Task::Join {
                    index,
                    mut shard,
                    side,
                    runs,
                    reserve,
                } => {
                    if reserve > 0 {
                        shard.reserve(reserve);
                    }
                    let n: usize = runs.iter().map(Run::len).sum();
                    join_runs(&mut shard, side, runs);
                    let mut st = self.lock();
                    if let Some(slot) = st.shards.get_mut(index) {
                        *slot = Some(shard);
                    }
                    st.queued = st.queued.saturating_sub(n);
                    if st.caller_waits {
                        self.room.notify_one();
                    }
                    st
                }
            };
            // What this thread did may have made work for another (runs to join, a shard
            // free again); this thread takes one task itself next.
            if st.idle > 0 {
                self.work.notify_one();
            }
        }
        drop(st);
        std::mem::forget(guard);
        // The last thread out wakes the others, which see the pool drained too.
        self.work.notify_all();
    }

    fn into_shards(self) -> Vec<Shard<M>> {
        let st = self.state.into_inner().unwrap_or_else(|p| p.into_inner());
        st.shards.into_iter().flatten().collect()
    }
}

impl<M> State<M> {
    /// The next task: joining first (it frees memory and lets the caller go on), then keying
    /// the oldest part not yet taken.
    fn take(&mut self) -> Option<Task<M>> {
        if let Some(index) = (0..self.shards.len()).find(|&i| self.joinable(i)) {
            return self.take_join(index);
        }
        let at = self.keyable()?;
        let pending = self.pending.get_mut(at)?;
        let part = pending.next_part;
        pending.next_part += 1;
        let n = pending.text.1.len();
        let from = part * KEY_PART;
        Some(Task::Key {
            batch: pending.id,
            side: pending.side,
            part: pending.first_part + part as u64,
            first_seq: pending.first_seq,
            source: pending.source,
            range: from..(from + KEY_PART).min(n),
            text: Arc::clone(&pending.text),
            metas: pending
                .metas
                .get_mut(part)?
                .take()
                .expect("invariant: a part is taken once"),
        })
    }

    /// Whether [`State::take`] would give a task.
    fn has_task(&self) -> bool {
        (0..self.shards.len()).any(|i| self.joinable(i)) || self.keyable().is_some()
    }

    /// Whether shard `index` is free and the runs of its next part are keyed.
    fn joinable(&self, index: usize) -> bool {
        let first = self.ready.get(index).and_then(BTreeMap::first_key_value);
        self.shards.get(index).is_some_and(Option::is_some)
            && first.map(|(part, _)| part) == self.next_part.get(index)
    }

    /// The oldest batch (its place in `pending`) with a part not yet taken for keying.
    fn keyable(&self) -> Option<usize> {
        self.pending
            .iter()
            .position(|p| p.next_part < p.metas.len())
    }

    /// Shard `index`'s runs that can be joined now ([`State::joinable`]): the consecutive
    /// parts from its next one, of one side.
    fn take_join(&mut self, index: usize) -> Option<Task<M>> {
        let next = *self.next_part.get(index)?;
        let ready = self.ready.get_mut(index)?;
        let side = ready.first_key_value().map(|(_, &(side, _))| side)?;
        let shard = self.shards.get_mut(index)?.take()?;
        let mut runs = Vec::new();
        let mut part = next;
        while let Some(entry) = ready.first_entry() {
            if *entry.key() != part || entry.get().0 != side {
                break;
            }
            runs.push(entry.remove().1);
            part += 1;
        }
        if let Some(n) = self.next_part.get_mut(index) {
            *n = part;
        }
        let reserve = self.reserve.get_mut(index).map_or(0, std::mem::take);
        Some(Task::Join {
            index,
            shard,
            side,
            runs,
            reserve,
        })
    }

    /// Files the runs of a keyed part under their shards; a batch whose parts are all keyed
    /// gives its text buffer back.
    fn keyed(&mut self, batch: u64, side: Side, part: u64, runs: Vec<Run<M>>) {
        for (ready, run) in self.ready.iter_mut().zip(runs) {
            ready.insert(part, (side, run));
        }
        let Some(at) = self.pending.iter().position(|p| p.id == batch) else {
            return;
        };
        let done = self.pending.get_mut(at).is_some_and(|p| {
            p.parts_done += 1;
            p.parts_done == p.metas.len()
        });
        if done {
            if let Some(p) = self.pending.remove(at) {
                if let Ok((text, _)) = Arc::try_unwrap(p.text) {
                    if self.spare.len() < SPARE_TEXTS {
                        self.spare.push(text);
                    }
                }
            }
        }
    }

    /// Whether everything added is keyed and joined.
    fn drained(&self) -> bool {
        self.pending.is_empty()
            && self.ready.iter().all(BTreeMap::is_empty)
            && self.shards.iter().all(Option::is_some)
    }
}

#[cfg(test)]
#[path = "pipeline_tests.rs"]
mod tests;
