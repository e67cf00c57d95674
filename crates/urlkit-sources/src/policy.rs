//! What a fetch may do: which addresses it may connect to once a redirect took it away from
//! where the user started, which sites count as "the same site", and how many requests a
//! whole run may make.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::atomic::{AtomicU64, Ordering};

use urlkit::uri::parse;

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
    /// `::a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`) is the class of the IPv4 address.
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
        let s = ip.segments();
        if let Some(v4) = ip.to_ipv4_mapped() {
            return AddressClass::of_v4(v4);
        }
        let embedded = Ipv4Addr::from(((u32::from(s[6])) << 16) | u32::from(s[7]));
        if s[..6] == [0; 6] && !ip.is_loopback() && !ip.is_unspecified() {
            // The deprecated IPv4-compatible form `::a.b.c.d`.
            return AddressClass::of_v4(embedded);
        }
        if s[..6] == [0x64, 0xff9b, 0, 0, 0, 0] {
            return AddressClass::of_v4(embedded);
        }
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
/// *Rationale*: the issue asks to refuse redirects "into loopback, link-local and private
/// ranges unless the user started there". We read "there" as "in that class": the classes of
/// the addresses the user's own URL resolved to are allowed for the rest of the chain, and
/// public addresses always are. Starting at `http://10.0.0.5/` allows `10.0.0.6` but not
/// `127.0.0.1` nor `169.254.169.254`; starting at a public site allows only public addresses.
/// The rule applies to every hop after the first, same origin or not, and is checked on the
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
    match (site_of(a), site_of(b)) {
        (Some((sa, ha, pa)), Some((sb, hb, pb))) => {
            ha.eq_ignore_ascii_case(&hb)
                && ((sa == sb && pa == pb) || (pa == default_port(&sa) && pb == default_port(&sb)))
        }
        _ => false,
    }
}

/// The origin of an http(s) URL: lowercase scheme, host as written, port (defaulted).
fn site_of(url: &str) -> Option<(String, String, u16)> {
    let u = parse(url).ok()?;
    let scheme = u.scheme()?.to_ascii_lowercase();
    let host = u.host()?.to_owned();
    let port = match u.port() {
        Some(p) if !p.is_empty() => p.parse().ok()?,
        _ => default_port(&scheme),
    };
    Some((scheme, host, port))
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
    parse(url)
        .ok()
        .and_then(|u| u.scheme())
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
