//! The HTTP side: routing, body limits, the Host check, the error shape, the API's
//! concurrency limit, and the server's life on its own thread.

use std::collections::HashMap;
use std::net::{Ipv4Addr, SocketAddr, TcpListener};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

use axum::body::{Body, Bytes};
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get};
use axum::Router;
use serde_json::Value;
use tokio::sync::{oneshot, Semaphore};

use crate::limits::Limits;
use urlkit_api::{Answer, ApiError, Endpoint, Request, SMALL_BODY};

/// What every answer of the server carries: the page may load only its own assets and talk
/// only to this server, and no other site may frame it.
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
                   connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'";

/// Bodies up to this size are read whole even when the endpoint refuses them (see [`api`]).
const DRAIN: usize = 1024 * 1024;

struct Shared {
    endpoints: HashMap<&'static str, Endpoint>,
    port: u16,
    limits: Limits,
    /// Units of API work that may run now ([`Limits::api_permits`]).
    work: Arc<Semaphore>,
    /// API requests waiting for work.
    waiting: AtomicUsize,
}

/// A running server on 127.0.0.1.
///
/// ```no_run
/// let server = urlkit_web::Server::start(0, Vec::new()).expect("bound");
/// assert!(server.addr().ip().is_loopback());
/// server.stop();
/// ```
pub struct Server {
    addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<std::io::Result<()>>>,
}

impl Server {
    /// Binds 127.0.0.1:`port` (0: any free port) and serves the page and `endpoints`
    /// (`urlkit serve` gives `urlkit_api::endpoints()`, `qr` among them) on a thread of its
    /// own, with the default [`Limits`].
    ///
    /// # Rationale
    ///
    /// Only the loopback address: the page computes on whatever the user pastes, and nothing
    /// on the network should be able to ask it to. Requests whose `Host` is not this address
    /// (or `localhost`) are refused, so that a web page cannot reach the server through DNS
    /// rebinding.
    pub fn start(port: u16, endpoints: Vec<Endpoint>) -> std::io::Result<Server> {
        Server::start_with(port, endpoints, Limits::default())
    }

    /// [`Server::start`] with limits of your choice.
    ///
    /// ```no_run
    /// let limits = urlkit_web::Limits { api_permits: 1, ..Default::default() };
    /// let server = urlkit_web::Server::start_with(0, Vec::new(), limits).expect("bound");
    /// # drop(server);
    /// ```
    pub fn start_with(
        port: u16,
        endpoints: Vec<Endpoint>,
        limits: Limits,
    ) -> std::io::Result<Server> {
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, port))?;
        listener.set_nonblocking(true)?;
        let addr = listener.local_addr()?;
        let mut table: HashMap<&'static str, Endpoint> = HashMap::new();
        for e in endpoints {
            table.insert(e.name, e);
        }
        let limits = Limits {
            api_permits: limits.api_permits.clamp(1, 1 << 16),
            max_connections: limits.max_connections.max(1),
            ..limits
        };
        let shared = Arc::new(Shared {
            endpoints: table,
            port: addr.port(),
            work: Arc::new(Semaphore::new(limits.api_permits)),
            waiting: AtomicUsize::new(0),
            limits: limits.clone(),
        });
        let (stop, stopped) = oneshot::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("urlkit-serve".into())
            .spawn(move || {
                let runtime = tokio::runtime::Builder::new_multi_thread()
                    .worker_threads(2)
                    .enable_all()
                    .build()?;
                runtime.block_on(async move {
                    let listener = tokio::net::TcpListener::from_std(listener)?;
                    // A dropped sender ends the server as a sent message does.
                    crate::conn::serve(listener, router(shared), limits, stopped).await
                })
            })?;
        Ok(Server {
            addr,
            stop: Some(stop),
            thread: Some(thread),
        })
    }

    /// The address it listens on (always 127.0.0.1).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Serves until the process ends (or the server fails).
    pub fn wait(mut self) -> std::io::Result<()> {
        let thread = self
            .thread
            .take()
            .expect("invariant: the thread is taken only by wait or stop");
        // Keep the stop sender alive while waiting: dropping it would stop the server.
        let _keep = self.stop.take();
        thread
            .join()
            .map_err(|_| std::io::Error::other("the server thread panicked"))?
    }

    /// Stops accepting, finishes the requests under way, and returns.
    pub fn stop(mut self) {
        self.shutdown();
    }

    fn shutdown(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.shutdown();
    }
}

fn router(shared: Arc<Shared>) -> Router {
    let mut router = Router::new().route("/", get(page));
    for asset in crate::assets::ALL {
        router = router.route(
            asset.path,
            get(move || async move { asset_response(asset) }),
        );
    }
    router
        .route("/api/{name}", any(api))
        .fallback(not_found)
        .layer(axum::middleware::from_fn_with_state(shared.clone(), guard))
        .with_state(shared)
}

/// Refuses a request whose `Host` names another server (DNS rebinding), and adds the
/// security headers to every answer.
async fn guard(
    State(shared): State<Arc<Shared>>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    // A request without a Host header, or with one that is not text, matches none of the
    // allowed names and is refused below (DNS rebinding protection), as a wrong one is.
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    let allowed = [
        format!("127.0.0.1:{}", shared.port),
        format!("localhost:{}", shared.port),
    ];
    let mut response = if allowed.iter().any(|a| a.eq_ignore_ascii_case(host)) {
        next.run(request).await
    } else {
        error_response(&ApiError::new(
            403,
            "wrong-host",
            format!("this server answers only to 127.0.0.1:{}", shared.port),
        ))
    };
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}

async fn page() -> Response {
    asset_response(&crate::assets::INDEX)
}

fn asset_response(asset: &'static crate::assets::Asset) -> Response {
    (
        [
            (header::CONTENT_TYPE, asset.content_type),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        asset.body,
    )
        .into_response()
}

async fn not_found() -> Response {
    error_response(&ApiError::new(404, "not-found", "no such page"))
}

async fn api(
    State(shared): State<Arc<Shared>>,
    Path(name): Path<String>,
    method: Method,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let Some(endpoint) = shared.endpoints.get(name.as_str()).copied() else {
        let mut names: Vec<&str> = shared.endpoints.keys().copied().collect();
        names.sort_unstable();
        return error_response(
            &ApiError::new(404, "unknown-endpoint", format!("no endpoint /api/{name}"))
                .with("endpoints", serde_json::json!(names)),
        );
    };
    if method != Method::POST {
        return error_response(&ApiError::new(
            405,
            "method-not-allowed",
            format!("/api/{name} takes POST with a JSON object"),
        ));
    }
    let is_json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(';')
                .next()
                .is_some_and(|t| t.trim() == "application/json")
        });
    if !is_json {
        return error_response(&ApiError::new(
            415,
            "not-json",
            "the body must be sent as application/json",
        ));
    }
    let too_large = || {
        error_response(
            &ApiError::new(
                413,
                "body-too-large",
                format!(
                    "the body is larger than the {} bytes /api/{name} accepts",
                    endpoint.max_body
                ),
            )
            .with("limit", endpoint.max_body.into()),
        )
    };
    // A body announced too large is refused before it is sent; one a little too large is
    // read to its end first (below), so that the client sees the answer rather than a
    // connection closed while it was still sending.
    let announced = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    let drained = endpoint.max_body.max(DRAIN);
    if announced.is_some_and(|n| n > drained as u64) {
        let mut response = too_large();
        response
            .headers_mut()
            .insert(header::CONNECTION, HeaderValue::from_static("close"));
        return response;
    }
    // Wait for a turn before reading the body: a list endpoint's body and work are large.
    let units = if endpoint.max_body > SMALL_BODY {
        shared.limits.api_permits
    } else {
        1
    };
    let Some(permit) = turn(&shared, units).await else {
        let mut response = error_response(
            &ApiError::new(
                503,
                "busy",
                "the server is answering as many requests as it takes; try again",
            )
            .with("limit", shared.limits.api_permits.into()),
        );
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        return response;
    };
    let read =
        tokio::time::timeout(shared.limits.body_read, axum::body::to_bytes(body, drained)).await;
    let bytes: Bytes = match read {
        Err(_) => {
            return error_response(&ApiError::new(
                408,
                "body-timeout",
                format!(
                    "the body did not arrive within {} s",
                    shared.limits.body_read.as_secs_f64()
                ),
            ))
        }
        Ok(Ok(b)) if b.len() <= endpoint.max_body => b,
        Ok(_) => return too_large(),
    };
    // The work stops being wanted when the client goes away: hyper drops this future, and
    // the flag tells a handler that looks at it (Request::is_cancelled). The permit goes with
    // the work, so that work nobody waits for still counts until it ends.
    let cancelled = Arc::new(AtomicBool::new(false));
    let _cancel_on_drop = CancelOnDrop(cancelled.clone());
    // The library's work is CPU-bound: off the threads that serve the connections.
    let answer = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        Request::parse(&bytes).and_then(|r| (endpoint.handler)(&r.cancelled_by(cancelled)))
    })
    .await;
    match answer {
        Ok(Ok(answer)) => json_response(&answer),
        Ok(Err(e)) => error_response(&e),
        Err(_) => error_response(&ApiError::new(
            500,
            "internal-error",
            format!("/api/{name} failed on this input (a bug: please report it)"),
        )),
    }
}

/// Sets its flag when dropped: the request's future ended, answered or abandoned.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Waits for `units` of API work, unless too many requests wait already or the wait is
/// longer than the limit.
async fn turn(shared: &Shared, units: usize) -> Option<tokio::sync::OwnedSemaphorePermit> {
    struct Waiting<'a>(&'a AtomicUsize);
    impl Drop for Waiting<'_> {
        fn drop(&mut self) {
            self.0.fetch_sub(1, Ordering::Relaxed);
        }
    }
    let units = u32::try_from(units).expect("invariant: permits are clamped to 2^16");
    if let Ok(permit) = shared.work.clone().try_acquire_many_owned(units) {
        return Some(permit);
    }
    if shared.waiting.fetch_add(1, Ordering::Relaxed) >= shared.limits.max_waiting {
        shared.waiting.fetch_sub(1, Ordering::Relaxed);
        return None;
    }
    let _waiting = Waiting(&shared.waiting);
    tokio::time::timeout(
        shared.limits.queue_wait,
        shared.work.clone().acquire_many_owned(units),
    )
    .await
    .ok()?
    .ok()
}

fn json_response(answer: &Answer) -> Response {
    let status = StatusCode::from_u16(answer.status)
        .expect("invariant: endpoints answer with a valid status");
    respond(status, &answer.body)
}

fn error_response(e: &ApiError) -> Response {
    let status =
        StatusCode::from_u16(e.status).expect("invariant: errors carry a valid 4xx/5xx status");
    respond(status, &e.body())
}

fn respond(status: StatusCode, body: &Value) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json; charset=utf-8")],
        body.to_string(),
    )
        .into_response()
}
