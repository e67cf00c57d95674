//! One API call: the request's JSON object, the answer, and the error shape.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use serde_json::{json, Map, Value};

/// The largest body of an ordinary endpoint (one URL, one text): 64 KiB.
pub const SMALL_BODY: usize = 64 * 1024;

/// The largest body of a list endpoint (reconcile: two pasted lists): 32 MiB, room for
/// 2 x 100,000 URLs of 150 bytes.
pub const LARGE_BODY: usize = 32 * 1024 * 1024;

/// The longest text field of an ordinary endpoint, in bytes.
pub const MAX_TEXT: usize = 16 * 1024;

/// An endpoint's work: the request in, the answer or a bad-request error out.
pub type Handler = fn(&Request) -> Result<Answer, ApiError>;

/// `POST /api/NAME`, with its body limit.
#[derive(Clone, Copy, Debug)]
pub struct Endpoint {
    /// The last segment of `/api/NAME`.
    pub name: &'static str,
    /// The largest accepted body in bytes (larger: 413 `body-too-large`).
    pub max_body: usize,
    /// What it does.
    pub handler: Handler,
}

impl Endpoint {
    /// An endpoint for one value or two ([`SMALL_BODY`]).
    ///
    /// ```
    /// fn f(_: &urlkit_api::Request) -> Result<urlkit_api::Answer, urlkit_api::ApiError> {
    ///     Ok(urlkit_api::Answer::ok(serde_json::json!({})))
    /// }
    /// assert_eq!(urlkit_api::Endpoint::small("f", f).max_body, 64 * 1024);
    /// ```
    pub const fn small(name: &'static str, handler: Handler) -> Endpoint {
        Endpoint {
            name,
            max_body: SMALL_BODY,
            handler,
        }
    }

    /// An endpoint for pasted lists ([`LARGE_BODY`]).
    ///
    /// ```
    /// fn f(_: &urlkit_api::Request) -> Result<urlkit_api::Answer, urlkit_api::ApiError> {
    ///     Ok(urlkit_api::Answer::ok(serde_json::json!({})))
    /// }
    /// assert_eq!(urlkit_api::Endpoint::large("f", f).max_body, 32 * 1024 * 1024);
    /// ```
    pub const fn large(name: &'static str, handler: Handler) -> Endpoint {
        Endpoint {
            name,
            max_body: LARGE_BODY,
            handler,
        }
    }

    /// Answers a body: 413 `body-too-large` past [`Endpoint::max_body`], a 400 for a body that
    /// is not a JSON object, else the handler's answer or error.
    ///
    /// ```
    /// fn f(r: &urlkit_api::Request) -> Result<urlkit_api::Answer, urlkit_api::ApiError> {
    ///     Ok(urlkit_api::Answer::ok(serde_json::json!({"text": r.text("text")?})))
    /// }
    /// let e = urlkit_api::Endpoint::small("f", f);
    /// assert_eq!(e.answer(br#"{"text": "a"}"#).unwrap().body["text"], "a");
    /// assert_eq!(e.answer(b"{}").unwrap_err().kind, "missing-field");
    /// ```
    pub fn answer(&self, body: &[u8]) -> Result<Answer, ApiError> {
        if body.len() > self.max_body {
            return Err(ApiError::new(
                413,
                "body-too-large",
                format!(
                    "the body is larger than the {} bytes /api/{} accepts",
                    self.max_body, self.name
                ),
            )
            .with("limit", self.max_body.into()));
        }
        Request::parse(body).and_then(|r| (self.handler)(&r))
    }
}

/// What an endpoint answers: a JSON value and its status.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    /// 200, or 422 when the one input given is bad (the record then has `"ok": false` and
    /// its `error`, as the CLI's `--json` writes it).
    pub status: u16,
    /// The body.
    pub body: Value,
}

impl Answer {
    /// A 200 answer.
    ///
    /// ```
    /// assert_eq!(urlkit_api::Answer::ok(serde_json::json!(1)).status, 200);
    /// ```
    pub fn ok(body: Value) -> Answer {
        Answer { status: 200, body }
    }

    /// A CLI record: 200 when its `ok` is true, 422 (the input is bad, the record says
    /// where) when it is false.
    ///
    /// ```
    /// let a = urlkit_api::Answer::record(serde_json::json!({"ok": false, "error": {}}));
    /// assert_eq!(a.status, 422);
    /// ```
    pub fn record(body: Value) -> Answer {
        let status = if body.get("ok") == Some(&Value::Bool(false)) {
            422
        } else {
            200
        };
        Answer { status, body }
    }
}

/// A request the API refuses: `{"error": {"kind", "message", ...}}` with a 4xx status.
#[derive(Clone, Debug, PartialEq)]
pub struct ApiError {
    /// 400, 404, 405, 413, 415 or 422.
    pub status: u16,
    /// Stable kebab-case name (`missing-field`, `body-too-large`, `too-many-lines`).
    pub kind: &'static str,
    /// For people.
    pub message: String,
    /// More fields of the error object (`field`, `limit`).
    pub extra: Map<String, Value>,
}

impl ApiError {
    /// A 400 error.
    ///
    /// ```
    /// let e = urlkit_api::ApiError::bad("missing-field", "no text");
    /// assert_eq!(e.status, 400);
    /// ```
    pub fn bad(kind: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(400, kind, message)
    }

    /// An error with its status.
    ///
    /// ```
    /// assert_eq!(urlkit_api::ApiError::new(413, "body-too-large", "big").status, 413);
    /// ```
    pub fn new(status: u16, kind: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            kind,
            message: message.into(),
            extra: Map::new(),
        }
    }

    /// The same error with one more field.
    ///
    /// ```
    /// let e = urlkit_api::ApiError::bad("text-too-long", "long").with("limit", 3.into());
    /// assert_eq!(e.body()["error"]["limit"], 3);
    /// ```
    pub fn with(mut self, key: &str, value: Value) -> ApiError {
        self.extra.insert(key.into(), value);
        self
    }

    /// The body: `{"error": {"kind", "message", ...extra}}`.
    ///
    /// ```
    /// let e = urlkit_api::ApiError::bad("bad-json", "not JSON");
    /// assert_eq!(e.body()["error"]["kind"], "bad-json");
    /// ```
    pub fn body(&self) -> Value {
        let mut error = Map::new();
        error.insert("kind".into(), json!(self.kind));
        error.insert("message".into(), json!(self.message));
        error.extend(self.extra.clone());
        json!({ "error": error })
    }
}

/// The request's JSON object, with typed field access whose failures are [`ApiError`]s.
#[derive(Clone, Debug)]
pub struct Request {
    fields: Map<String, Value>,
    cancelled: Arc<AtomicBool>,
}

impl Request {
    /// Parses a body: a JSON object, or a 400 `bad-json` / `not-an-object`.
    ///
    /// ```
    /// assert!(urlkit_api::Request::parse(b"{\"a\":1}").is_ok());
    /// assert_eq!(urlkit_api::Request::parse(b"[1]").unwrap_err().kind, "not-an-object");
    /// ```
    pub fn parse(body: &[u8]) -> Result<Request, ApiError> {
        let value: Value = serde_json::from_slice(body).map_err(|e| {
            ApiError::bad("bad-json", format!("the body is not JSON: {e}"))
                .with("line", e.line().into())
                .with("column", e.column().into())
        })?;
        match value {
            Value::Object(fields) => Ok(Request {
                fields,
                cancelled: Arc::new(AtomicBool::new(false)),
            }),
            _ => Err(ApiError::bad(
                "not-an-object",
                "the body must be a JSON object",
            )),
        }
    }

    /// Whether the client has gone away (its connection closed): a handler that loops over
    /// many items can stop, since nobody will read its answer.
    ///
    /// ```
    /// let r = urlkit_api::Request::parse(b"{}").unwrap();
    /// assert!(!r.is_cancelled());
    /// ```
    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }

    /// The same request, cancelled when `flag` is set (the transport sets it when the
    /// connection goes away).
    ///
    /// ```
    /// use std::sync::{atomic::{AtomicBool, Ordering}, Arc};
    /// let flag = Arc::new(AtomicBool::new(false));
    /// let r = urlkit_api::Request::parse(b"{}").unwrap().cancelled_by(flag.clone());
    /// flag.store(true, Ordering::Relaxed);
    /// assert!(r.is_cancelled());
    /// ```
    #[must_use]
    pub fn cancelled_by(mut self, flag: Arc<AtomicBool>) -> Request {
        self.cancelled = flag;
        self
    }

    /// A string field of at most [`MAX_TEXT`] bytes.
    ///
    /// ```
    /// let r = urlkit_api::Request::parse(b"{\"text\":\"a b\"}").unwrap();
    /// assert_eq!(r.text("text").unwrap(), "a b");
    /// assert_eq!(r.text("url").unwrap_err().kind, "missing-field");
    /// ```
    pub fn text(&self, field: &str) -> Result<&str, ApiError> {
        self.text_up_to(field, MAX_TEXT)
    }

    /// A string field of at most `max` bytes.
    ///
    /// ```
    /// let r = urlkit_api::Request::parse(b"{\"text\":\"abcd\"}").unwrap();
    /// assert_eq!(r.text_up_to("text", 3).unwrap_err().kind, "text-too-long");
    /// ```
    pub fn text_up_to(&self, field: &str, max: usize) -> Result<&str, ApiError> {
        let text = match self.fields.get(field) {
            None | Some(Value::Null) => {
                return Err(ApiError::bad(
                    "missing-field",
                    format!("the request has no \"{field}\""),
                )
                .with("field", json!(field)))
            }
            Some(Value::String(s)) => s.as_str(),
            Some(_) => {
                return Err(
                    ApiError::bad("wrong-type", format!("\"{field}\" must be a string"))
                        .with("field", json!(field)),
                )
            }
        };
        if text.len() > max {
            return Err(ApiError::new(
                413,
                "text-too-long",
                format!(
                    "\"{field}\" is {} bytes long; at most {max} are accepted",
                    text.len()
                ),
            )
            .with("field", json!(field))
            .with("limit", json!(max)));
        }
        Ok(text)
    }

    /// A field as it was sent (absent: `None`).
    ///
    /// ```
    /// let r = urlkit_api::Request::parse(b"{\"n\":1}").unwrap();
    /// assert_eq!(r.value("n"), Some(&serde_json::json!(1)));
    /// ```
    pub fn value(&self, field: &str) -> Option<&Value> {
        self.fields.get(field)
    }

    /// An optional string field (absent or null: `None`).
    ///
    /// ```
    /// let r = urlkit_api::Request::parse(b"{\"level\":\"safe\"}").unwrap();
    /// assert_eq!(r.optional("level").unwrap(), Some("safe"));
    /// assert_eq!(r.optional("base").unwrap(), None);
    /// ```
    pub fn optional(&self, field: &str) -> Result<Option<&str>, ApiError> {
        match self.fields.get(field) {
            None | Some(Value::Null) => Ok(None),
            Some(_) => self.text(field).map(Some),
        }
    }

    /// A field that must be one of `names` (absent: `default`).
    ///
    /// ```
    /// let r = urlkit_api::Request::parse(b"{\"mode\":\"form\"}").unwrap();
    /// assert_eq!(r.choice("mode", &["strict", "form"], "strict").unwrap(), "form");
    /// let r = urlkit_api::Request::parse(b"{\"mode\":\"x\"}").unwrap();
    /// assert_eq!(r.choice("mode", &["strict"], "strict").unwrap_err().kind, "unknown-value");
    /// ```
    pub fn choice<'n>(
        &self,
        field: &str,
        names: &[&'n str],
        default: &'n str,
    ) -> Result<&'n str, ApiError> {
        let Some(given) = self.optional(field)? else {
            return Ok(default);
        };
        names.iter().copied().find(|n| *n == given).ok_or_else(|| {
            ApiError::bad(
                "unknown-value",
                format!("\"{field}\" must be one of {}", names.join(", ")),
            )
            .with("field", json!(field))
            .with("allowed", json!(names))
        })
    }

    /// A list of strings of at most `max` items, each at most [`MAX_TEXT`] bytes.
    ///
    /// ```
    /// let r = urlkit_api::Request::parse(b"{\"urls\":[\"a\",\"b\"]}").unwrap();
    /// assert_eq!(r.list("urls", 5).unwrap(), vec!["a", "b"]);
    /// assert_eq!(r.list("urls", 1).unwrap_err().kind, "too-many-items");
    /// ```
    pub fn list(&self, field: &str, max: usize) -> Result<Vec<&str>, ApiError> {
        let items = match self.fields.get(field) {
            Some(Value::Array(items)) => items,
            None | Some(Value::Null) => {
                return Err(ApiError::bad(
                    "missing-field",
                    format!("the request has no \"{field}\""),
                )
                .with("field", json!(field)))
            }
            Some(_) => {
                return Err(ApiError::bad(
                    "wrong-type",
                    format!("\"{field}\" must be a list of strings"),
                )
                .with("field", json!(field)))
            }
        };
        if items.len() > max {
            return Err(ApiError::new(
                413,
                "too-many-items",
                format!(
                    "\"{field}\" has {} items; at most {max} are accepted",
                    items.len()
                ),
            )
            .with("field", json!(field))
            .with("limit", json!(max)));
        }
        items
            .iter()
            .enumerate()
            .map(|(i, v)| match v {
                Value::String(s) if s.len() <= MAX_TEXT => Ok(s.as_str()),
                Value::String(_) => Err(ApiError::new(
                    413,
                    "text-too-long",
                    format!(
                        "item {} of \"{field}\" is longer than {MAX_TEXT} bytes",
                        i + 1
                    ),
                )
                .with("field", json!(field))
                .with("index", json!(i))),
                _ => Err(ApiError::bad(
                    "wrong-type",
                    format!("item {} of \"{field}\" is not a string", i + 1),
                )
                .with("field", json!(field))
                .with("index", json!(i))),
            })
            .collect()
    }
}
