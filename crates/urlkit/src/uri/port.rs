//! Ports (RFC 3986 §3.2.3): the default ports of the schemes whose default port a URL may
//! leave out (the one list), and one reading of a port's digits for every level.

/// The default port of `scheme` (ASCII case-insensitive), for the schemes whose default
/// port RFC 3986 §6.2.3 normalization and the WHATWG serializer drop.
///
/// ```
/// use urlkit::uri::default_port;
/// assert_eq!(default_port("HTTPS"), Some(443));
/// assert_eq!(default_port("ws"), Some(80));
/// assert_eq!(default_port("file"), None);
/// ```
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc3986#section-6.2.3>,
/// <https://url.spec.whatwg.org/#default-port>
pub fn default_port(scheme: &str) -> Option<u16> {
    const DEFAULTS: [(&str, u16); 5] = [
        ("http", 80),
        ("https", 443),
        ("ws", 80),
        ("wss", 443),
        ("ftp", 21),
    ];
    DEFAULTS
        .iter()
        .find(|(s, _)| s.eq_ignore_ascii_case(scheme))
        .map(|&(_, port)| port)
}

/// Whether the `port` text (`DIGIT`s as written, leading zeros allowed) is the default port
/// of `scheme`. An empty port is not "the default port" here; callers decide what it means.
///
/// ```
/// use urlkit::uri::is_default_port;
/// assert!(is_default_port("http", "80") && is_default_port("http", "0080"));
/// assert!(!is_default_port("http", "8080") && !is_default_port("http", ""));
/// assert!(!is_default_port("mailto", "80"));
/// ```
///
/// # Rationale
///
/// The text is compared digit by digit after its leading zeros, not parsed into a number, so
/// that a port too large for `u16` (`99999999999999999080`) is never mistaken for a default.
pub fn is_default_port(scheme: &str, port: &str) -> bool {
    let Some(default) = default_port(scheme) else {
        return false;
    };
    let digits = port.trim_start_matches('0');
    !digits.is_empty()
        && digits.bytes().all(|c| c.is_ascii_digit())
        && digits.len() <= 5
        && digits
            .bytes()
            .fold(0u32, |n, c| n * 10 + u32::from(c - b'0'))
            == u32::from(default)
}

/// The port as the decimal number it spells: its digits without leading zeros (`"0080"` is
/// `"80"`, `"000"` is `"0"`); an empty port stays empty.
///
/// ```
/// use urlkit::uri::port_number;
/// assert_eq!(port_number("0080"), "80");
/// assert_eq!(port_number("0081"), "81");
/// assert_eq!(port_number("000"), "0");
/// assert_eq!(port_number("8080"), "8080");
/// assert_eq!(port_number(""), "");
/// ```
///
/// # Rationale
///
/// RFC 3986 §3.2.3 says only `port = *DIGIT`, "a port number in decimal", and leaves open
/// whether `0081` and `81` are the same port. Every client that connects reads the digits as
/// a number: the WHATWG URL parser (so every browser) writes `http://h:0081/` as
/// `http://h:81/` and `http://h:0080/` as `http://h/`; curl, Python's `urlsplit().port`, Java's
/// `URI.getPort()` and Go's dialer all reach port 81. So does urlkit, the same way everywhere:
/// from `safe` up, a key writes the port without leading zeros (the `port-leading-zeros`
/// rule), and only then asks whether it is the scheme's default (`default-port`), so
/// `:0080` is `:80` is no port, and `:0081` is `:81`. `exact` compares bytes, as always.
/// No upper bound is applied: RFC 3986 sets none, and the number is never converted (a port
/// of forty digits stays forty digits, minus its leading zeros).
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc3986#section-3.2.3>,
/// <https://url.spec.whatwg.org/#port-state>
pub fn port_number(port: &str) -> &str {
    let digits = port.trim_start_matches('0');
    if digits.is_empty() && !port.is_empty() {
        // All zeros: the number zero, written once.
        &port[port.len() - 1..]
    } else {
        digits
    }
}
