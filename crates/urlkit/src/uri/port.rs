//! Reading a port (RFC 3986 §3.2.3): one reading for every level.

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
