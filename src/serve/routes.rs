//! The routes of `dealvm serve`: each request's body read within its limit, its JSON read
//! into a [`Job`], the job run by the [`Engine`] on a thread of its own once the gate gives
//! it a place, and the answer written as JSON (or a board file); CORS headers on every
//! answer and preflight `OPTIONS`; one line on standard error per request.

use super::engine::{Answer, Caps, Download, Engine, Job, Refusal, Want};
use super::limits::{Busy, Gate, Limits};
use crate::api::run::Stop;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderName, HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::{get, post, MethodRouter};
use axum::Router;
use http_body_util::BodyExt;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Map, Value};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The OpenAPI document of the routes, written by hand (`src/serve/openapi.json`) but for the
/// board files of `/api/boards`, filled in from [`Download::all`] ([`openapi_document`]).
pub const OPENAPI: &str = include_str!("openapi.json");

/// The OpenAPI document as served: [`OPENAPI`] with the names of the board files in place of
/// its `["<board files>"]`.
pub fn openapi_document() -> String {
    let names: Vec<String> = Download::all().into_iter().map(Download::name).collect();
    OPENAPI.replace(r#"["<board files>"]"#, &json!(names).to_string().replace(",", ", "))
}

/// Every route, method and path: the router is made of them, and the OpenAPI document lists
/// exactly them (a unit test checks).
pub const ROUTES: &[(&str, &str)] =
    &[("GET", "/api/health"), ("GET", "/api/openapi.json"), ("POST", "/api/run"), ("POST", "/api/boards"), ("POST", "/deal")];

/// What every request shares: the limits, the gate, the engine.
pub struct Server {
    pub limits: Limits,
    /// Connections open at once: `--max-connections`, or the default of the open-files limit.
    pub connections: usize,
    pub gate: Gate,
    pub engine: Arc<dyn Engine>,
}

/// The deals a request examined, for the log line.
#[derive(Clone, Copy)]
struct Examined(u64);

/// The router of `server`: [`ROUTES`], a JSON 404 for any other path and a JSON 405 for
/// another method, CORS and the log line around them all.
pub fn router(server: Arc<Server>) -> Router {
    let mut router = Router::new();
    for &(_, path) in ROUTES {
        router = router.route(path, route(path).fallback(wrong_method));
    }
    let page = |body: &'static str, kind: &'static str| get(move || async move { with_type(Response::new(Body::from(body)), kind) });
    router = router.route("/", get(|| async { with_type(Response::new(Body::from(super::page::index())), "text/html; charset=utf-8") }));
    router = router.route("/page.css", page(super::page::CSS, "text/css; charset=utf-8"));
    router = router.route("/page.js", page(super::page::SCRIPT, "text/javascript; charset=utf-8"));
    router.fallback(not_found).layer(middleware::from_fn(around)).with_state(server)
}

/// `response` with its `Content-Type`.
fn with_type(mut response: Response, kind: &'static str) -> Response {
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    response
}

/// The handler of the route at `path`.
fn route(path: &str) -> MethodRouter<Arc<Server>> {
    match path {
        "/api/health" => get(health),
        "/api/openapi.json" => get(openapi),
        "/api/run" => post(api_run),
        "/api/boards" => post(api_boards),
        "/deal" => post(deal),
        _ => get(not_found),
    }
}

/// A request's name and start, logged when it ends; logged as closed by its client when its
/// handler is dropped first (the run it started is stopped by its own guard).
struct Logged {
    method: Method,
    path: String,
    started: Instant,
    done: bool,
}

impl Drop for Logged {
    fn drop(&mut self) {
        if !self.done {
            eprintln!("{} {} closed by the client after {} ms", self.method, self.path, self.started.elapsed().as_millis());
        }
    }
}

/// Around every request: the preflight answered, the CORS headers added, the log line written.
async fn around(request: Request, next: Next) -> Response {
    let mut logged = Logged { method: request.method().clone(), path: request.uri().path().to_string(), started: Instant::now(), done: false };
    let mut response = if request.method() == Method::OPTIONS { preflight() } else { next.run(request).await };
    cors(response.headers_mut());
    logged.done = true;
    let examined = response.extensions().get::<Examined>().map_or_else(|| "-".to_string(), |e| e.0.to_string());
    eprintln!("{} {} {} {} ms {examined} deals", logged.method, logged.path, response.status().as_u16(), logged.started.elapsed().as_millis());
    response
}

/// The answer to a preflight `OPTIONS`: any origin may call with a JSON body.
fn preflight() -> Response {
    let mut response = Response::new(Body::empty());
    *response.status_mut() = StatusCode::NO_CONTENT;
    let headers = response.headers_mut();
    headers.insert(header::ACCESS_CONTROL_ALLOW_METHODS, HeaderValue::from_static("GET, POST, OPTIONS"));
    headers.insert(header::ACCESS_CONTROL_ALLOW_HEADERS, HeaderValue::from_static("Content-Type"));
    headers.insert(header::ACCESS_CONTROL_MAX_AGE, HeaderValue::from_static("86400"));
    response
}

/// The CORS headers of every answer.
fn cors(headers: &mut HeaderMap) {
    headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, HeaderValue::from_static("*"));
    headers.insert(
        header::ACCESS_CONTROL_EXPOSE_HEADERS,
        HeaderValue::from_static("Content-Disposition, Retry-After, X-Dealvm-Seed, X-Dealvm-Generated, X-Dealvm-Produced, X-Dealvm-Warnings"),
    );
}

/// A JSON answer.
fn json_answer(status: StatusCode, value: &Value) -> Response {
    let mut response = Response::new(Body::from(value.to_string()));
    *response.status_mut() = status;
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    response
}

/// An error answer: `{"error": message}`.
fn error(status: StatusCode, message: impl Into<String>) -> Response {
    json_answer(status, &json!({ "error": message.into() }))
}

/// A refusal of the engine: the message as the command prints it, the message alone, and
/// where it points in the script.
fn refused(refusal: Refusal) -> Response {
    let status = StatusCode::from_u16(refusal.status).unwrap_or(StatusCode::BAD_REQUEST);
    let mut body = json!({ "error": refusal.printed, "message": refusal.message });
    if let (Some(line), Some(column)) = (refusal.line, refusal.column) {
        body["line"] = json!(line);
        body["column"] = json!(column);
    }
    json_answer(status, &body)
}

async fn not_found(request: Request) -> Response {
    let paths: Vec<String> = ROUTES.iter().map(|(m, p)| format!("{m} {p}")).collect();
    error(StatusCode::NOT_FOUND, format!("no such endpoint: {}; this server answers {}", request.uri().path(), paths.join(", ")))
}

async fn wrong_method(request: Request) -> Response {
    let path = request.uri().path();
    let allowed: Vec<&str> = ROUTES.iter().filter(|(_, p)| *p == path).map(|(m, _)| *m).collect();
    let mut response = error(StatusCode::METHOD_NOT_ALLOWED, format!("{path} takes {}, not {}", allowed.join(", "), request.method()));
    if let Ok(allow) = HeaderValue::from_str(&allowed.join(", ")) {
        response.headers_mut().insert(header::ALLOW, allow);
    }
    response
}

async fn health(State(server): State<Arc<Server>>) -> Response {
    let (running, waiting) = server.gate.load(&server.limits);
    let l = &server.limits;
    let limits = json!({
        "seconds": l.seconds, "generate": l.generate, "deals": l.deals, "script_bytes": l.script_bytes,
        "request_bytes": l.request_bytes, "answer_bytes": l.answer_bytes, "running": l.running,
        "waiting": l.waiting, "wait": l.wait, "threads": l.threads, "header_seconds": l.header_seconds,
        "body_seconds": l.body_seconds, "idle_seconds": l.idle_seconds, "connections": server.connections,
    });
    json_answer(
        StatusCode::OK,
        &json!({ "status": "ok", "dealvm": env!("CARGO_PKG_VERSION"), "running": running, "waiting": waiting, "limits": limits }),
    )
}

async fn openapi() -> Response {
    let mut response = Response::new(Body::from(openapi_document()));
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    response
}

/// The body of `POST /deal`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DealRequest {
    script: String,
    #[serde(default)]
    seed: Option<u64>,
}

/// The body of `POST /api/run`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RunRequest {
    script: String,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    generate: Option<u64>,
    #[serde(default)]
    produce: Option<u64>,
    #[serde(default)]
    threads: Option<usize>,
    /// How many of the produced deals come back (the server's `--max-deals` at most).
    #[serde(default)]
    return_deals: Option<u64>,
    /// `--se`: each report's standard errors, and error bars on the charts.
    #[serde(default)]
    standard_errors: bool,
    /// The script's variables whose values each returned deal carries.
    #[serde(default)]
    values: Vec<String>,
}

/// The body of `POST /api/boards`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardsRequest {
    #[serde(default)]
    script: Option<String>,
    /// The text of a board file whose deals the run reads.
    #[serde(default)]
    deals: Option<String>,
    /// Or its bytes in base64, for the binary formats (DUP, BRI, DGE, RZD, CDS).
    #[serde(default)]
    deals_base64: Option<String>,
    /// The name of that file, whose extension tells its format when its content does not.
    #[serde(default)]
    deals_name: Option<String>,
    format: String,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    generate: Option<u64>,
    #[serde(default)]
    produce: Option<u64>,
    #[serde(default)]
    threads: Option<usize>,
}

/// `POST /deal`: the teaching sites' call, what `dealvm -s SEED script.dli` prints.
async fn deal(State(server): State<Arc<Server>>, request: Request) -> Response {
    let body: DealRequest = match read_json(&server, request).await {
        Ok(body) => body,
        Err(response) => return response,
    };
    let job = Job { script: Some(body.script), seed: body.seed, threads: server.limits.threads.max(1), ..Job::default() };
    let (answer, elapsed, timed_out) = match run_job(&server, job).await {
        Ok(done) => done,
        Err(response) => return response,
    };
    let mut value = json!({
        "seed": answer.seed,
        "produced": answer.produced,
        "generated": answer.generated,
        "elapsed_ms": elapsed.as_millis() as u64,
        "output": String::from_utf8_lossy(&answer.printed),
    });
    notes(&mut value, &answer, timed_out, &server.limits);
    with_examined(json_answer(StatusCode::OK, &value), answer.generated)
}

/// `POST /api/run`: the `--json` document of the run, with the deals produced.
async fn api_run(State(server): State<Arc<Server>>, request: Request) -> Response {
    let body: RunRequest = match read_json(&server, request).await {
        Ok(body) => body,
        Err(response) => return response,
    };
    let deals = body.return_deals.unwrap_or(server.limits.deals).min(server.limits.deals);
    let job = Job {
        script: Some(body.script),
        seed: body.seed,
        generate: body.generate,
        produce: body.produce,
        threads: body.threads.unwrap_or(1).clamp(1, server.limits.threads.max(1)),
        want: Want::Document { deals },
        standard_errors: body.standard_errors,
        values: body.values.clone(),
        ..Job::default()
    };
    let (answer, elapsed, timed_out) = match run_job(&server, job).await {
        Ok(done) => done,
        Err(response) => return response,
    };
    let mut value = json!({});
    value["deals"] = answer
        .deals
        .iter()
        .map(|d| {
            let mut deal = json!({ "board": d.board, "deal": d.deal });
            if !body.values.is_empty() {
                deal["values"] = body.values.iter().zip(&d.values).map(|(name, v)| (name.clone(), json!(v))).collect::<Map<_, _>>().into();
            }
            deal
        })
        .collect();
    value["charts"] = json!(answer.charts);
    value["elapsed_ms"] = json!(elapsed.as_millis() as u64);
    notes(&mut value, &answer, timed_out, &server.limits);
    let Some(text) = answer.document.as_deref().and_then(|d| with_fields(d, &value)) else {
        return error(StatusCode::INTERNAL_SERVER_ERROR, "internal error: the run wrote no JSON document");
    };
    let mut response = Response::new(Body::from(text));
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    with_examined(response, answer.generated)
}

/// The JSON document `document` as the run wrote it, byte for byte (its figures as `--json`
/// writes them), with the fields of `extra` added at its end; `None` when it is no JSON object.
fn with_fields(document: &[u8], extra: &Value) -> Option<Vec<u8>> {
    serde_json::from_slice::<Map<String, Value>>(document).ok()?;
    let text = std::str::from_utf8(document).ok()?.trim_end();
    let open = text.strip_suffix('}')?.trim_end();
    let mut out = open.to_string();
    let mut first = open.ends_with('{');
    for (name, value) in extra.as_object()? {
        out.push_str(if first { "\n  " } else { ",\n  " });
        out.push_str(&Value::from(name.as_str()).to_string());
        out.push_str(": ");
        out.push_str(&value.to_string());
        first = false;
    }
    out.push_str("\n}\n");
    Some(out.into_bytes())
}

/// `POST /api/boards`: the produced deals as a board file.
async fn api_boards(State(server): State<Arc<Server>>, request: Request) -> Response {
    let body: BoardsRequest = match read_json(&server, request).await {
        Ok(body) => body,
        Err(response) => return response,
    };
    let Some(format) = Download::all().into_iter().find(|d| d.name() == body.format.to_ascii_lowercase()) else {
        let names: Vec<String> = Download::all().into_iter().map(Download::name).collect();
        return error(StatusCode::BAD_REQUEST, format!("no board format `{}`: the formats are {}", body.format, names.join(", ")));
    };
    let bytes = match (body.deals, body.deals_base64) {
        (Some(_), Some(_)) => return error(StatusCode::BAD_REQUEST, "give the board file once: as text in `deals`, or as base64 in `deals_base64`"),
        (Some(text), None) => Some(text.into_bytes()),
        (None, Some(encoded)) => match base64(&encoded) {
            Ok(bytes) => Some(bytes),
            Err(why) => return error(StatusCode::BAD_REQUEST, format!("deals_base64 is not base64: {why}")),
        },
        (None, None) => None,
    };
    if body.script.is_none() && bytes.is_none() {
        return error(
            StatusCode::BAD_REQUEST,
            "give a script, or deals (a board file: its text in `deals`, or its bytes in base64 in `deals_base64`), or both",
        );
    }
    let deals = bytes.map(|bytes| (body.deals_name.unwrap_or_else(|| "deals".to_string()), bytes));
    let job = Job {
        script: body.script,
        deals,
        seed: body.seed,
        generate: body.generate,
        produce: body.produce,
        threads: body.threads.unwrap_or(1).clamp(1, server.limits.threads.max(1)),
        want: Want::Boards { format },
        ..Job::default()
    };
    let (answer, _, timed_out) = match run_job(&server, job).await {
        Ok(done) => done,
        Err(response) => return response,
    };
    let Some(file) = answer.boards.filter(|_| !answer.stopped) else {
        let why = if timed_out {
            format!(
                "the run was stopped at the server's limit of {} seconds (--max-seconds) before the board file was written",
                server.limits.seconds
            )
        } else {
            "the run was stopped before the board file was written".to_string()
        };
        return with_examined(json_answer(StatusCode::UNPROCESSABLE_ENTITY, &json!({ "error": why, "limit": "--max-seconds" })), answer.generated);
    };
    let mut response = Response::new(Body::from(file));
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(format.content_type()));
    if let Ok(disposition) = HeaderValue::from_str(&format!("attachment; filename=\"boards.{}\"", format.extension())) {
        headers.insert(header::CONTENT_DISPOSITION, disposition);
    }
    for (name, value) in [("x-dealvm-seed", answer.seed), ("x-dealvm-generated", answer.generated), ("x-dealvm-produced", answer.produced)] {
        headers.insert(HeaderName::from_static(name), HeaderValue::from(value));
    }
    // A board file has no room for the warnings: their first lines in a header.
    let warnings: Vec<String> = answer
        .warnings
        .iter()
        .map(|w| w.lines().next().unwrap_or("").trim_start_matches("warning: ").chars().map(|c| if c.is_ascii_graphic() { c } else { ' ' }).collect())
        .collect();
    match HeaderValue::from_str(&warnings.join(" | ")) {
        Ok(value) if !warnings.is_empty() => _ = headers.insert(HeaderName::from_static("x-dealvm-warnings"), value),
        _ => {}
    }
    with_examined(response, answer.generated)
}

/// The answer with the deals it examined, for the log line.
fn with_examined(mut response: Response, examined: u64) -> Response {
    response.extensions_mut().insert(Examined(examined));
    response
}

/// Adds to an answer the limits that cut or stopped its run (`limits`: each the switch and
/// what it did) and the script's warnings.
fn notes(value: &mut Value, answer: &Answer, timed_out: bool, limits: &Limits) {
    let mut notes: Vec<Value> = answer.cuts.iter().map(|c| json!({ "limit": c.limit, "message": c.message })).collect();
    if answer.printed_cut {
        notes.push(json!({
            "limit": "--max-answer-bytes",
            "message": format!("the output was cut at {} bytes, the server's limit, and the run stopped there", limits.answer_bytes),
        }));
    } else if answer.stopped && timed_out {
        notes.push(json!({
            "limit": "--max-seconds",
            "message": format!("the run was stopped after {} seconds, the server's limit: the figures count the deals dealt until then", limits.seconds),
        }));
    }
    if !notes.is_empty() {
        value["limits"] = Value::Array(notes);
    }
    if !answer.warnings.is_empty() {
        value["warnings"] = json!(answer.warnings);
    }
}

/// The body of `request`, read within the limit, as the JSON of `T`.
async fn read_json<T: DeserializeOwned>(server: &Server, request: Request) -> Result<T, Response> {
    let body = read_body(request, server.limits.request_bytes, server.limits.body_seconds).await?;
    serde_json::from_slice(&body).map_err(|e| error(StatusCode::BAD_REQUEST, format!("the request is not the JSON this endpoint takes: {e}")))
}

/// The body of `request`, at most `limit` bytes, read within `seconds` (else 408): a larger
/// one is read to its end and dropped (so that the client reads the answer rather than a reset
/// connection), up to a point, then answered 413.
async fn read_body(request: Request, limit: usize, seconds: f64) -> Result<Vec<u8>, Response> {
    let too_large =
        || error(StatusCode::PAYLOAD_TOO_LARGE, format!("the request is larger than the {limit} bytes this server takes (--max-request-bytes)"));
    let drained = (limit as u64).saturating_mul(16).max(64 << 20);
    let declared = request.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > drained) {
        return Err(too_large());
    }
    let mut body = request.into_body();
    let read = async {
        let (mut kept, mut total) = (Vec::new(), 0u64);
        while let Some(frame) = body.frame().await {
            let Ok(frame) = frame else { return Err(error(StatusCode::BAD_REQUEST, "the request's body could not be read")) };
            if let Ok(data) = frame.into_data() {
                total += data.len() as u64;
                if total > drained {
                    return Err(too_large());
                }
                if total <= limit as u64 {
                    kept.extend_from_slice(&data);
                }
            }
        }
        if total > limit as u64 {
            return Err(too_large());
        }
        Ok(kept)
    };
    match tokio::time::timeout(Duration::from_secs_f64(seconds.max(0.0)), read).await {
        Ok(read) => read,
        Err(_) => Err(error(
            StatusCode::REQUEST_TIMEOUT,
            format!("the request's body did not come within {seconds} seconds, the server's limit (--max-body-seconds)"),
        )),
    }
}

/// The bytes that `text` encodes in base64 (RFC 4648's alphabet, or the URL-safe one; the
/// padding optional; white space ignored), or where it is not base64.
fn base64(text: &str) -> Result<Vec<u8>, String> {
    use base64::engine::{DecodePaddingMode, GeneralPurpose, GeneralPurposeConfig};
    use base64::{alphabet, DecodeError, Engine};
    const LENIENT: GeneralPurpose = GeneralPurpose::new(
        &alphabet::STANDARD,
        GeneralPurposeConfig::new().with_decode_padding_mode(DecodePaddingMode::Indifferent).with_decode_allow_trailing_bits(true),
    );
    // The URL-safe alphabet's two characters as the standard one's, white space left out; each
    // character kept with its place in `text`, for messages.
    let kept: Vec<(usize, char)> = text.char_indices().filter(|(_, c)| !c.is_ascii_whitespace()).collect();
    let standard: String = kept
        .iter()
        .map(|&(_, c)| match c {
            '-' => '+',
            '_' => '/',
            c => c,
        })
        .collect();
    // The character of `text` at a byte `offset` of `standard`.
    let character = |offset: usize| kept[standard.get(..offset).map_or(0, |before| before.chars().count())];
    let place = |offset: usize| {
        let (at, c) = character(offset);
        format!("`{c}` at character {at}")
    };
    LENIENT.decode(standard.as_bytes()).map_err(|e| match e {
        DecodeError::InvalidByte(offset, _) if character(offset).1 == '=' => format!("{}, a padding `=` before the end", place(offset)),
        DecodeError::InvalidByte(offset, _) | DecodeError::InvalidLastSymbol(offset, _) => place(offset),
        DecodeError::InvalidLength(_) => "it ends half-way through a byte".to_string(),
        DecodeError::InvalidPadding => "its padding `=` is not where it ends a group of four characters".to_string(),
    })
}

/// Stops a run when dropped: when its request ends, or when its client goes away first.
struct StopWhenDropped(Stop);

impl Drop for StopWhenDropped {
    fn drop(&mut self) {
        self.0.request();
    }
}

/// Runs `job` once the gate gives it a place, on a thread of its own, within the limits:
/// the answer, how long it took, and whether the time limit stopped it; or the answer to give
/// instead (413, 503, the engine's refusal, 500 if the run panicked: the server goes on).
async fn run_job(server: &Arc<Server>, job: Job) -> Result<(Answer, Duration, bool), Response> {
    let limits = &server.limits;
    if let Some(script) = job.script.as_ref().filter(|s| s.len() > limits.script_bytes) {
        return Err(error(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "the script is {} bytes, and this server takes scripts of at most {} bytes (--max-script-bytes)",
                script.len(),
                limits.script_bytes
            ),
        ));
    }
    let place = server.gate.enter().await.map_err(|busy| turned_away(limits, busy))?;
    let caps = Caps { generate: limits.generate, deals: limits.deals, answer_bytes: limits.answer_bytes };
    let started = Instant::now();
    let stop = Stop::new().with_deadline(started + Duration::from_secs_f64(limits.seconds.max(0.0)));
    let guard = StopWhenDropped(stop.clone());
    let engine = server.engine.clone();
    let ran = stop.clone();
    let task = tokio::task::spawn_blocking(move || {
        let _place = place;
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| engine.run(&job, &caps, &ran)))
    });
    let result = task.await;
    let timed_out = stop.timed_out();
    drop(guard);
    match result {
        Ok(Ok(Ok(answer))) => Ok((answer, started.elapsed(), timed_out)),
        Ok(Ok(Err(refusal))) => Err(refused(refusal)),
        _ => Err(error(StatusCode::INTERNAL_SERVER_ERROR, "internal error: the run failed (it is a bug of dealvm); the server goes on")),
    }
}

/// The answer to a request that found no place: 503, to come back after a run's time.
fn turned_away(limits: &Limits, busy: Busy) -> Response {
    let why = match busy {
        Busy::QueueFull => format!("{} requests are running and {} waiting (--max-running, --max-waiting)", limits.running, limits.waiting),
        Busy::WaitedTooLong => {
            format!("{} requests are running, and none ended within {} seconds (--max-running, --max-wait)", limits.running, limits.wait)
        }
    };
    let mut response = error(StatusCode::SERVICE_UNAVAILABLE, format!("the server is busy: {why}; try again in a few seconds"));
    let retry = (limits.seconds.ceil() as u64).max(1);
    response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(retry));
    response
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn the_openapi_document_lists_every_route_and_no_other() {
        let document: Value = serde_json::from_str(&openapi_document()).unwrap();
        let mut listed = BTreeSet::new();
        for (path, item) in document["paths"].as_object().unwrap() {
            for method in item.as_object().unwrap().keys() {
                listed.insert((method.to_ascii_uppercase(), path.clone()));
            }
        }
        let routes: BTreeSet<(String, String)> = ROUTES.iter().map(|(m, p)| (m.to_string(), p.to_string())).collect();
        assert_eq!(listed, routes);
    }

    #[test]
    fn base64_is_read_as_rfc_4648_gives_it() {
        for (text, bytes) in [("", &b""[..]), ("Zg==", b"f"), ("Zm8=", b"fo"), ("Zm9v", b"foo"), ("Zm9vYg", b"foob"), ("Zm9v\nYmFy", b"foobar")] {
            assert_eq!(base64(text).as_deref(), Ok(bytes), "{text}");
        }
        assert_eq!(base64("//-_").unwrap(), [0xff, 0xff, 0xbf]);
        assert_eq!(base64("AAECAwQF").unwrap(), [0, 1, 2, 3, 4, 5]);
        for (bad, why) in [
            ("Zm9v!", "`!` at character 4"),
            ("Zm9v\n é", "`é` at character 6"),
            ("Zg==Zg", "`=` at character 2, a padding `=` before the end"),
            ("Z", "it ends half-way through a byte"),
        ] {
            assert_eq!(base64(bad), Err(why.to_string()), "{bad}");
        }
    }

    #[test]
    fn the_openapi_document_lists_every_board_file_and_no_other() {
        let document: Value = serde_json::from_str(&openapi_document()).unwrap();
        let listed = &document["components"]["schemas"]["BoardsRequest"]["properties"]["format"]["enum"];
        let names: Vec<String> = Download::all().into_iter().map(Download::name).collect();
        assert_eq!(listed, &json!(names));
    }
}
