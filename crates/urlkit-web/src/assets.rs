//! The page and its assets, compiled into the binary: the page works offline and loads
//! nothing from another host (no CDN, no web font: the system's fonts, which render Japanese).

/// One embedded file.
#[derive(Debug)]
pub struct Asset {
    /// The path it is served at.
    pub path: &'static str,
    /// Its `Content-Type`.
    pub content_type: &'static str,
    /// Its bytes.
    pub body: &'static [u8],
}

/// The page, at `/`.
pub static INDEX: Asset = Asset {
    path: "/index.html",
    content_type: "text/html; charset=utf-8",
    body: include_bytes!("../assets/index.html"),
};

/// Every asset, with the page.
///
/// ```
/// assert!(urlkit_web::assets::ALL.iter().any(|a| a.path == "/app.js"));
/// ```
pub static ALL: [&Asset; 4] = [
    &INDEX,
    &Asset {
        path: "/app.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../assets/app.js"),
    },
    &Asset {
        path: "/style.css",
        content_type: "text/css; charset=utf-8",
        body: include_bytes!("../assets/style.css"),
    },
    &Asset {
        path: "/favicon.svg",
        content_type: "image/svg+xml",
        body: include_bytes!("../assets/favicon.svg"),
    },
];
