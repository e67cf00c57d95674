//! Hosts: reg-names, IPv4, IPv6 and IDNA (A-label <-> U-label).
