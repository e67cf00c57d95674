//! What a fetch may do: which addresses it may connect to once a redirect took it away from
//! where the user started, which sites count as "the same site", and how many requests a
//! whole run may make.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use urlkit::uri::{parse, UriRef};

/// The kind of network an address belongs to.
///
/// ```
/// use urlkit_sources::AddressClass;
/// assert_eq!(AddressClass::of("169.254.169.254".parse().unwrap()), AddressClass::LinkLocal);
/// assert_eq!(AddressClass::of("::ffff:127.0.0.1".parse().unwrap()), AddressClass::Loopback);
/// assert_eq!(AddressClass::of("93.184.215.14".parse().unwrap()), AddressClass::Public);
/// ```
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc6890> (special-purpose address registries)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AddressClass {
    /// Anything not below: the internet.
    Public,
    /// This host: `127.0.0.0/8`, `::1`, and the unspecified `0.0.0.0/8` and `::` (on Linux a
    /// connection to `0.0.0.0` reaches the local host).
    Loopback,
    /// `169.254.0.0/16` (where cloud metadata services answer) and `fe80::/10`.
    LinkLocal,
    /// `10/8`, `172.16/12`, `192.168/16` (RFC 1918), `100.64/10` (RFC 6598, carrier NAT) and
    /// `fc00::/7` (RFC 4193 unique local).
    Private,
    /// Multicast, broadcast and the reserved `240/4`: nothing a web page lives on.
    Reserved,
}

impl AddressClass {
    /// The class of `ip`. An IPv6 address that carries an IPv4 one (`::ffff:a.b.c.d`,
    /// `::a.b.c.d`, 6to4 `2002:AABB:CCDD::/48`, NAT64 `64:ff9b::a.b.c.d` and the local-use
    /// `64:ff9b:1::/48`) is the class of the IPv4 address.
    ///
    /// ```
    /// use urlkit_sources::AddressClass;
    /// let c = |s: &str| AddressClass::of(s.parse().unwrap());
    /// assert_eq!(c("2002:7f00:1::1"), AddressClass::Loopback); // 6to4 of 127.0.0.1
    /// assert_eq!(c("2002:a01:203::1"), AddressClass::Private); // 6to4 of 10.1.2.3
    /// assert_eq!(c("64:ff9b:1::a9fe:a9fe"), AddressClass::LinkLocal); // /96 layout
    /// assert_eq!(c("64:ff9b:1:7f00:0:100::"), AddressClass::Loopback); // /48 layout
    /// assert_eq!(c("64:ff9b:1:5db8:d7:e00::"), AddressClass::Public); // /48 layout
    /// assert_eq!(c("64:ff9b:1:a01:2:300::"), AddressClass::Reserved); // 10.1.2.3 or 1.2.3.0
    /// assert_eq!(c("2002:5db8:d70e::1"), AddressClass::Public); // 6to4 of 93.184.215.14
    /// ```
    pub fn of(ip: IpAddr) -> AddressClass {
        match ip {
            IpAddr::V4(v4) => AddressClass::of_v4(v4),
            IpAddr::V6(v6) => AddressClass::of_v6(v6),
        }
    }

    fn of_v4(ip: Ipv4Addr) -> AddressClass {
        let [a, b, ..] = ip.octets();
        if ip.is_loopback() || a == 0 {
            AddressClass::Loopback
        } else if ip.is_link_local() {
            AddressClass::LinkLocal
        } else if ip.is_private() || (a == 100 && (64..128).contains(&b)) {
            AddressClass::Private
        } else if ip.is_multicast() || ip.is_broadcast() || a >= 240 {
            AddressClass::Reserved
        } else {
            AddressClass::Public
        }
    }

    fn of_v6(ip: Ipv6Addr) -> AddressClass {
        if let Some(class) = AddressClass::of_embedded_v4(ip) {
            return class;
        }
        let s = ip.segments();
        if ip.is_loopback() || ip.is_unspecified() {
            AddressClass::Loopback
        } else if s[0] & 0xffc0 == 0xfe80 {
            AddressClass::LinkLocal
        } else if s[0] & 0xfe00 == 0xfc00 {
            AddressClass::Private
        } else if ip.is_multicast() {
            AddressClass::Reserved
        } else {
            AddressClass::Public
        }
    }

    /// The class of the IPv4 address an IPv6 one carries, for the forms that carry one and
    /// reach it when connected to: IPv4-mapped `::ffff:a.b.c.d` and IPv4-translated
    /// `::ffff:0:a.b.c.d` (RFC 4291 §2.5.5.2, RFC 2765 §2.1), the deprecated IPv4-compatible
    /// `::a.b.c.d` (RFC 4291 §2.5.5.1), 6to4 `2002:AABB:CCDD::/48` (RFC 3056 §2), the
    /// well-known NAT64 prefix `64:ff9b::/96` (RFC 6052 §2.1) and the local-use NAT64 prefix
    /// `64:ff9b:1::/48` (RFC 8215).
    ///
    /// *Rationale*: inside `64:ff9b:1::/48` an operator picks the length of its own NAT64
    /// prefix (48, 56, 64 or 96 bits, RFC 6052 §2.2), which moves the IPv4 address within
    /// the IPv6 one, and nothing on the wire tells which. Every placement the address can be
    /// of (its "u" octet and suffix zero) is read, those in `0.0.0.0/8` ignored when another
    /// fits (zero bits read as that, and it is never a destination on the wire, RFC 1122
    /// §3.2.1.3): when they all give one class the address is of it; when they disagree it
    /// is `Reserved`, which no web start is in. A public translation is then at worst refused with a message naming
    /// the class, never a loopback or private one let through because one reading of it was
    /// of the start's class.
    fn of_embedded_v4(ip: Ipv6Addr) -> Option<AddressClass> {
        let s = ip.segments();
        let v4 = |hi: u16, lo: u16| {
            AddressClass::of_v4(Ipv4Addr::from((u32::from(hi) << 16) | u32::from(lo)))
        };
        let last32 = v4(s[6], s[7]);
        match s {
            // ::ffff:a.b.c.d and ::ffff:0:a.b.c.d
            [0, 0, 0, 0, 0, 0xffff, ..] | [0, 0, 0, 0, 0xffff, 0, ..] => Some(last32),
            // ::a.b.c.d, but not :: and ::1 themselves
            [0, 0, 0, 0, 0, 0, hi, lo] if (hi, lo) != (0, 0) && (hi, lo) != (0, 1) => Some(last32),
            [0x2002, hi, lo, ..] => Some(v4(hi, lo)),
            [0x64, 0xff9b, 0, 0, 0, 0, ..] => Some(last32),
            [0x64, 0xff9b, 1, ..] => {
                let b = ip.octets();
                let zero = |from: usize| b[from..].iter().all(|x| *x == 0);
                // For each prefix length: where the IPv4 octets are, and whether the address
                // can be of that layout (the "u" octet, bits 64 to 71, and the suffix after
                // the IPv4 address are zero; RFC 6052 §2.2).
                let layouts = [
                    ([6, 7, 9, 10], b[8] == 0 && zero(11)),
                    ([7, 9, 10, 11], b[8] == 0 && zero(12)),
                    ([9, 10, 11, 12], b[8] == 0 && zero(13)),
                    ([12, 13, 14, 15], true),
                ];
                let octets =
                    |at: &[usize; 4]| Ipv4Addr::new(b[at[0]], b[at[1]], b[at[2]], b[at[3]]);
                let fitting: Vec<Ipv4Addr> = layouts
                    .iter()
                    .filter(|(_, fits)| *fits)
                    .map(|(at, _)| octets(at))
                    .collect();
                // 0.0.0.0/8 is what zero bits read as, and no destination on a wire.
                let meaningful: Vec<Ipv4Addr> = fitting
                    .iter()
                    .copied()
                    .filter(|v| v.octets()[0] != 0)
                    .collect();
                let readings = if meaningful.is_empty() {
                    fitting
                } else {
                    meaningful
                };
                let classes: Vec<AddressClass> =
                    readings.into_iter().map(AddressClass::of_v4).collect();
                let first = *classes
                    .first()
                    .expect("invariant: the /96 layout always fits");
                Some(if classes.iter().all(|c| *c == first) {
                    first
                } else {
                    AddressClass::Reserved
                })
            }
            _ => None,
        }
    }

    /// A name for messages: `loopback`, `link-local`, ...
    pub fn name(self) -> &'static str {
        match self {
            AddressClass::Public => "public",
            AddressClass::Loopback => "loopback",
            AddressClass::LinkLocal => "link-local",
            AddressClass::Private => "private",
            AddressClass::Reserved => "reserved",
        }
    }
}

/// Tells the class of the address a fetch is about to connect to. The default is
/// [`AddressClass::of`] the IP; embedders (and tests, whose servers all live on loopback) can
/// plug in their own.
///
/// ```
/// use std::net::SocketAddr;
/// use urlkit_sources::{AddressClass, AddressClassifier, ByIp};
/// let addr: SocketAddr = "10.0.0.7:80".parse().unwrap();
/// assert_eq!(ByIp.classify(addr), AddressClass::Private);
/// let everything_public = |_: SocketAddr| AddressClass::Public;
/// assert_eq!(everything_public.classify(addr), AddressClass::Public);
/// ```
pub trait AddressClassifier: Send + Sync {
    /// The class of `addr`.
    fn classify(&self, addr: SocketAddr) -> AddressClass;
}

/// The default classifier: [`AddressClass::of`] the address's IP, whatever the port.
///
/// ```
/// use urlkit_sources::{AddressClass, AddressClassifier, ByIp};
/// assert_eq!(ByIp.classify("[fe80::1]:443".parse().unwrap()), AddressClass::LinkLocal);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct ByIp;

impl AddressClassifier for ByIp {
    fn classify(&self, addr: SocketAddr) -> AddressClass {
        AddressClass::of(addr.ip())
    }
}

impl<F: Fn(SocketAddr) -> AddressClass + Send + Sync> AddressClassifier for F {
    fn classify(&self, addr: SocketAddr) -> AddressClass {
        self(addr)
    }
}

/// The address classes a fetch may connect to, given where the user started.
///
/// *Rationale*: redirects "into loopback, link-local and private ranges" are refused "unless
/// the user started there". We read "there" as "in that class": the classes of the addresses
/// the user's own URL resolved to are allowed for everything that start leads to (its
/// redirect chain, and every fetch a [`Start`] groups), and public addresses always are. Starting at `http://10.0.0.5/` allows `10.0.0.6` but not
/// `127.0.0.1` nor `169.254.169.254`; starting at a public site allows only public addresses.
/// The rule applies to every request after the start's first, same origin or not, and to
/// every hop after that first request's first; it is checked on the
/// addresses actually connected to (at resolution time, inside the connection), so a host
/// name that resolves to a public address first and to `127.0.0.1` on the redirect (DNS
/// rebinding) is refused too.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Allowed {
    started: Vec<AddressClass>,
}

impl Allowed {
    /// Allowed after a start whose addresses were of `started` classes.
    ///
    /// ```
    /// use urlkit_sources::{Allowed, AddressClass};
    /// let a = Allowed::after(&[AddressClass::Private]);
    /// assert!(a.admits(AddressClass::Private) && a.admits(AddressClass::Public));
    /// assert!(!a.admits(AddressClass::Loopback));
    /// ```
    pub fn after(started: &[AddressClass]) -> Allowed {
        let mut started = started.to_vec();
        started.sort();
        started.dedup();
        Allowed { started }
    }

    /// Whether an address of `class` may be connected to.
    pub fn admits(&self, class: AddressClass) -> bool {
        class == AddressClass::Public || self.started.contains(&class)
    }
}

/// One start of a run and every fetch it leads to: the address classes the start reached
/// bound them all.
///
/// A start is a URL the user gave: typed on the command line, a line of stdin, a URL a local
/// file lists, a source such as `sitemap:https://…`. Its first request may connect anywhere
/// (the user chose it); the classes of the addresses it resolved to are then fixed, and
/// every later request of the start, the first hop included, may reach only those classes
/// and public addresses ([`Allowed`]). What a start leads to is every redirect hop, every
/// child of a sitemap index, every page of a WordPress collection, every URL a fetched
/// document lists that is then requested, and every spelling `--variants` makes.
///
/// *Rationale*: one policy per start, not one for the whole run, so that
/// `urlkit check http://127.0.0.1:8080/ sitemap:https://example.com/sitemap.xml` may check
/// the local server and yet a public sitemap that lists `http://127.0.0.1:8080/admin` never
/// makes urlkit request it. A start whose first request never resolved (a bad URL, a refused
/// scheme, no DNS answer) allows public addresses only. Concurrent first requests of one
/// start wait for the first to fix the classes.
///
/// ```
/// use urlkit_sources::Start;
/// let start = Start::new();
/// assert_eq!(start.allowed(), None); // nothing requested yet
/// ```
#[derive(Clone, Debug, Default)]
pub struct Start {
    fixed: Arc<Mutex<Option<Fixed>>>,
}

/// What a start's first request fixed.
#[derive(Clone, Debug)]
struct Fixed {
    allowed: Allowed,
    /// The URL of that first request, for messages.
    url: String,
}

/// How a request of a start goes: bounded by what its first request fixed, or the first.
#[cfg(feature = "http")]
pub(crate) enum Entered<'a> {
    /// The start is fixed: every hop is bounded.
    Bound { allowed: Allowed, start_url: String },
    /// This is the start's first request: its first hop is not bounded, and what it reaches
    /// fixes the start when the guard is dropped.
    First(FirstRequest<'a>),
}

/// The lock on a start during its first request (other requests of the start wait).
#[cfg(feature = "http")]
pub(crate) struct FirstRequest<'a> {
    guard: MutexGuard<'a, Option<Fixed>>,
    url: String,
    classes: Vec<AddressClass>,
}

#[cfg(feature = "http")]
impl FirstRequest<'_> {
    /// The first hop reached addresses of `classes`.
    pub(crate) fn reached(&mut self, classes: &[AddressClass]) {
        self.classes.extend_from_slice(classes);
    }
}

#[cfg(feature = "http")]
impl Drop for FirstRequest<'_> {
    fn drop(&mut self) {
        if self.guard.is_none() {
            *self.guard = Some(Fixed {
                allowed: Allowed::after(&self.classes),
                url: std::mem::take(&mut self.url),
            });
        }
    }
}

impl Start {
    /// A start nothing was requested in yet.
    pub fn new() -> Start {
        Start::default()
    }

    /// What the start allows, once its first request was made (`None` before).
    pub fn allowed(&self) -> Option<Allowed> {
        self.lock().as_ref().map(|f| f.allowed.clone())
    }

    /// The URL whose first request fixed the start.
    pub fn url(&self) -> Option<String> {
        self.lock().as_ref().map(|f| f.url.clone())
    }

    /// Enters the start for a request of `url`.
    #[cfg(feature = "http")]
    pub(crate) fn enter(&self, url: &str) -> Entered<'_> {
        let guard = self.lock();
        match guard.as_ref() {
            Some(f) => Entered::Bound {
                allowed: f.allowed.clone(),
                start_url: f.url.clone(),
            },
            None => Entered::First(FirstRequest {
                guard,
                url: url.to_owned(),
                classes: Vec::new(),
            }),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Option<Fixed>> {
        // A first request that panicked still fixed the start as its guard was dropped (with
        // what it had reached): the state behind a poisoned lock is whole.
        self.fixed.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Whether redirects that leave the starting site are followed.
///
/// ```
/// use urlkit_sources::Offsite;
/// assert_eq!(Offsite::default(), Offsite::Follow);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Offsite {
    /// Follow them (the address rules still apply): reading a sitemap that moved to a CDN.
    #[default]
    Follow,
    /// Return the redirect unfollowed: checking a site, where a redirect off the site is an
    /// answer to report, not a place to go.
    Stop,
}

/// Whether `a` and `b` are on the same site: the same host (ASCII case-insensitive) and the
/// same scheme and port, or `http` on port 80 and `https` on port 443 (an upgrade to HTTPS
/// stays on the site).
///
/// ```
/// use urlkit_sources::same_site;
/// assert!(same_site("http://Example.com/a", "https://example.com:443/b"));
/// assert!(!same_site("http://example.com/", "http://example.com:8080/"));
/// assert!(!same_site("https://example.com/", "https://www.example.com/"));
/// ```
pub fn same_site(a: &str, b: &str) -> bool {
    match (parse(a), parse(b)) {
        (Ok(a), Ok(b)) => Site::of(&a).is_some_and(|s| Site::of(&b).is_some_and(|t| s.same(&t))),
        _ => false,
    }
}

/// The origin of an http(s) URL as it is sent: lowercase scheme, host as written (in its wire
/// spelling: percent-encoding for the wire changes characters one by one, so a URL parsed raw
/// and its wire text have the same site), port (defaulted).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Site {
    scheme: String,
    host: String,
    port: u16,
}

impl Site {
    /// The site of `u`, a URL the caller has parsed; `None` without a host or with a port
    /// out of range.
    pub(crate) fn of(u: &UriRef<'_>) -> Option<Site> {
        let scheme = u.scheme()?.to_ascii_lowercase();
        let host = wire_url(u.host()?);
        let port = match u.port() {
            Some(p) if !p.is_empty() => p.parse().ok()?,
            _ => default_port(&scheme),
        };
        Some(Site { scheme, host, port })
    }

    /// Whether `other` is on this site (see [`same_site`]).
    pub(crate) fn same(&self, other: &Site) -> bool {
        self.host.eq_ignore_ascii_case(&other.host)
            && ((self.scheme == other.scheme && self.port == other.port)
                || (self.port == default_port(&self.scheme)
                    && other.port == default_port(&other.scheme)))
    }
}

/// `url` as it goes on the wire: what the WHATWG fragment percent-encode set holds (controls,
/// space, non-ASCII and a few more) percent-encoded, escapes kept.
pub(crate) fn wire_url(url: &str) -> String {
    urlkit::codec::Encoder::new(urlkit::codec::sets::FRAGMENT)
        .encode_str(url)
        .into_owned()
}

fn default_port(scheme: &str) -> u16 {
    match scheme {
        "https" => 443,
        _ => 80,
    }
}

/// Whether `url` has the `http` or `https` scheme (the only ones urlkit fetches).
///
/// ```
/// use urlkit_sources::is_http_url;
/// assert!(is_http_url("HTTPS://example.com/"));
/// assert!(!is_http_url("file:///etc/passwd"));
/// assert!(!is_http_url("/etc/passwd"));
/// ```
pub fn is_http_url(url: &str) -> bool {
    parse(url).is_ok_and(|u| is_http(&u))
}

/// [`is_http_url`] of a URL the caller has parsed.
pub(crate) fn is_http(u: &UriRef<'_>) -> bool {
    u.scheme()
        .is_some_and(|s| s.eq_ignore_ascii_case("http") || s.eq_ignore_ascii_case("https"))
}

/// A number of requests shared by everything one run fetches (every attempt and every
/// redirect hop counts), so that a sitemap-index fan-out or a server that paginates forever
/// stops.
///
/// ```
/// use urlkit_sources::RequestBudget;
/// let b = RequestBudget::new(2);
/// assert!(b.take() && b.take() && !b.take());
/// assert_eq!((b.limit(), b.used()), (2, 2));
/// ```
#[derive(Debug)]
pub struct RequestBudget {
    limit: u64,
    used: AtomicU64,
}

impl RequestBudget {
    /// At most `limit` requests.
    pub fn new(limit: u64) -> RequestBudget {
        RequestBudget {
            limit,
            used: AtomicU64::new(0),
        }
    }

    /// Takes one request; false when none is left.
    pub fn take(&self) -> bool {
        self.used
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |u| {
                (u < self.limit).then_some(u + 1)
            })
            .is_ok()
    }

    /// The limit.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// Requests taken so far.
    pub fn used(&self) -> u64 {
        self.used.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn address_classes() {
        let c = |s: &str| AddressClass::of(s.parse().unwrap());
        for (ip, class) in [
            ("127.0.0.1", AddressClass::Loopback),
            ("127.255.0.9", AddressClass::Loopback),
            ("0.0.0.0", AddressClass::Loopback),
            ("::1", AddressClass::Loopback),
            ("::", AddressClass::Loopback),
            ("::ffff:127.0.0.1", AddressClass::Loopback),
            ("::127.0.0.1", AddressClass::Loopback),
            ("64:ff9b::7f00:1", AddressClass::Loopback),
            ("64:ff9b::a9fe:a9fe", AddressClass::LinkLocal),
            ("::ffff:0:7f00:1", AddressClass::Loopback),
            ("::ffff:0:a01:203", AddressClass::Private),
            // 6to4: 2002:AABB:CCDD::/48 carries AA.BB.CC.DD.
            ("2002:7f00:1::1", AddressClass::Loopback),
            ("2002:a01:203::", AddressClass::Private),
            ("2002:a9fe:a9fe:1::5", AddressClass::LinkLocal),
            ("2002:c0a8:101::1", AddressClass::Private),
            ("2002:808:808::1", AddressClass::Public),
            // Local-use NAT64, each layout of RFC 6052 §2.2.
            ("64:ff9b:1::7f00:1", AddressClass::Loopback),
            ("64:ff9b:1::a01:203", AddressClass::Private),
            (
                "64:ff9b:1:ffff:ffff:ffff:a9fe:a9fe",
                AddressClass::LinkLocal,
            ),
            ("64:ff9b:1:7f00:0:100::", AddressClass::Loopback),
            ("64:ff9b:1:ff7f:0:1::", AddressClass::Loopback),
            // /64 reads 127.0.0.1, /96 reads 1.0.0.0: which one the translator uses is unknown.
            ("64:ff9b:1:ffff:7f:0:100:0", AddressClass::Reserved),
            ("64:ff9b:1::808:808", AddressClass::Public),
            ("64:ff9b:1:808:8:800::", AddressClass::Public),
            ("64:ff9b:1:a01:2:300::", AddressClass::Reserved),
            ("169.254.169.254", AddressClass::LinkLocal),
            ("fe80::1", AddressClass::LinkLocal),
            ("febf::1", AddressClass::LinkLocal),
            ("::ffff:169.254.1.1", AddressClass::LinkLocal),
            ("10.1.2.3", AddressClass::Private),
            ("172.16.0.1", AddressClass::Private),
            ("172.31.255.255", AddressClass::Private),
            ("192.168.1.1", AddressClass::Private),
            ("100.64.0.1", AddressClass::Private),
            ("fc00::1", AddressClass::Private),
            ("fd12:3456::1", AddressClass::Private),
            ("224.0.0.1", AddressClass::Reserved),
            ("255.255.255.255", AddressClass::Reserved),
            ("240.0.0.1", AddressClass::Reserved),
            ("ff02::1", AddressClass::Reserved),
            ("8.8.8.8", AddressClass::Public),
            ("172.32.0.1", AddressClass::Public),
            ("100.128.0.1", AddressClass::Public),
            ("2001:4860:4860::8888", AddressClass::Public),
            ("fec0::1", AddressClass::Public),
        ] {
            assert_eq!(c(ip), class, "{ip}");
        }
    }

    #[test]
    fn allowed_after_a_start() {
        let public = Allowed::after(&[AddressClass::Public]);
        assert!(public.admits(AddressClass::Public));
        for c in [
            AddressClass::Loopback,
            AddressClass::LinkLocal,
            AddressClass::Private,
            AddressClass::Reserved,
        ] {
            assert!(!public.admits(c), "{c:?}");
        }
        let lo = Allowed::after(&[AddressClass::Loopback]);
        assert!(lo.admits(AddressClass::Loopback) && !lo.admits(AddressClass::LinkLocal));
    }

    #[test]
    fn sites() {
        assert!(same_site("http://a.test/", "http://A.TEST:80/x"));
        assert!(same_site("https://a.test/", "http://a.test/"));
        assert!(!same_site(
            "http://127.0.0.1:8080/",
            "https://127.0.0.1:8080/"
        ));
        assert!(same_site(
            "http://127.0.0.1:8080/",
            "http://127.0.0.1:8080/y"
        ));
        assert!(!same_site(
            "http://127.0.0.1:8080/",
            "http://localhost:8080/"
        ));
        assert!(!same_site("http://a.test/", "file:///etc/passwd"));
    }
}
