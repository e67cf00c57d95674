//! The default ports of the schemes whose default port a URL may leave out: the one list.

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
