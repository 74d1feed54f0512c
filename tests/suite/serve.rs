//! `dealvm serve`: the real program started on a free port of the loopback, spoken to over
//! plain HTTP/1.1: every endpoint of its OpenAPI document, the answers against the command's
//! own output for the same script and seed, each limit, each refusal, bad requests, a client
//! going away, and SIGTERM.

use crate::common::{dealvm_in, normalise, scratch};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A server started for a test, killed when dropped (unless it was stopped).
struct Server {
    child: Child,
    port: u16,
    log: Arc<Mutex<String>>,
}

impl Server {
    /// `dealvm serve --listen 127.0.0.1:0` with `args`: the port read from its first line.
    fn start(args: &[&str]) -> Server {
        Server::listening("127.0.0.1:0", args)
    }

    /// The server listening on `listen`, with `args`.
    fn listening(listen: &str, args: &[&str]) -> Server {
        let mut command = crate::common::dealvm_command();
        command.args(["serve", "--listen", listen]).args(args);
        Server::spawned(command)
    }

    /// The server `command` starts: the port read from its first line.
    fn spawned(mut command: Command) -> Server {
        let mut child = command.stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::piped()).spawn().unwrap();
        let mut stderr = BufReader::new(child.stderr.take().unwrap());
        let mut first = String::new();
        stderr.read_line(&mut first).unwrap();
        let port = first.trim().rsplit(':').next().and_then(|p| p.parse().ok()).unwrap_or_else(|| panic!("first line: {first:?}"));
        let log = Arc::new(Mutex::new(String::new()));
        let kept = log.clone();
        std::thread::spawn(move || {
            for line in stderr.lines().map_while(Result::ok) {
                kept.lock().unwrap().push_str(&(line + "\n"));
            }
        });
        Server { child, port, log }
    }

    fn post(&self, path: &str, body: &Value) -> Reply {
        http(self.port, "POST", path, body.to_string().as_bytes())
    }

    fn get(&self, path: &str) -> Reply {
        http(self.port, "GET", path, b"")
    }

    fn log(&self) -> String {
        self.log.lock().unwrap().clone()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP answer.
struct Reply {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Reply {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&self.body)))
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// One request on a connection of its own (`Connection: close`), the whole answer read.
fn http(port: u16, method: &str, path: &str, body: &[u8]) -> Reply {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    // A server that refuses a body it finds too large may stop reading it.
    let _ = stream.write_all(body);
    read_reply(stream)
}

fn read_reply(mut stream: TcpStream) -> Reply {
    let mut bytes = Vec::new();
    stream.read_to_end(&mut bytes).unwrap();
    let split = bytes.windows(4).position(|w| w == b"\r\n\r\n").unwrap_or_else(|| panic!("no head in {:?}", String::from_utf8_lossy(&bytes)));
    let head = String::from_utf8_lossy(&bytes[..split]).into_owned();
    let mut lines = head.lines();
    let status = lines.next().unwrap().split(' ').nth(1).unwrap().parse().unwrap();
    let headers = lines.filter_map(|l| l.split_once(':')).map(|(n, v)| (n.trim().to_string(), v.trim().to_string())).collect();
    Reply { status, headers, body: bytes[split + 4..].to_vec() }
}

/// What `dealvm ARGS script.dli` prints, run in a folder of its own on `script`.
fn command(name: &str, script: &str, args: &[&str]) -> String {
    command_run(name, script, args).stdout
}

/// Runs `dealvm ARGS script.dli` in a folder of its own, the script's text `script`; it must
/// succeed.
#[track_caller]
fn command_run(name: &str, script: &str, args: &[&str]) -> crate::common::Run {
    let dir = scratch(name);
    std::fs::write(dir.join("script.dli"), script).unwrap();
    let mut all = args.to_vec();
    all.push("script.dli");
    let run = dealvm_in(&dir, &all, None);
    assert_eq!(run.status, 0, "{}", run.stderr);
    run
}

const PRINTPBN: &str = "produce 3\ncondition hcp(north) >= 15 && shape(north, any 4333 + any 4432)\naction printpbn\n";
const ONELINE: &str = "produce 4\ndealer south\ncondition hcp(south) >= 12\naction printoneline, average hcp(north)\n";
const NOTHING: &str = "generate 3000\ncondition hcp(north) == 37 && hcp(south) == 3\naction printall\n";
/// Deals until a limit stops it.
const ENDLESS: &str = "generate 1000000000000000\naction average hcp(south)\n";

/// `--listen` takes a host name as well as an address (`localhost:0`), and says what to write
/// when it is neither.
#[test]
fn the_server_listens_on_a_host_name() {
    let server = Server::listening("localhost:0", &[]);
    let reply = http(server.port, "GET", "/api/health", b"");
    assert_eq!(reply.status, 200, "{}", reply.text());
    for (listen, said) in [("localhost", "has no port"), ("localhost:99999", "is not a port"), ("no-such-host.invalid:80", "no address is known")] {
        let run = dealvm_in(&scratch("listen"), &["serve", "--listen", listen], None);
        assert_eq!(run.status, 2, "{listen}: {}", run.stderr);
        assert!(run.stderr.contains(said) && run.stderr.contains("127.0.0.1:8080"), "{listen}: {}", run.stderr);
    }
}

#[test]
fn every_endpoint_of_the_document_answers() {
    let server = Server::start(&[]);
    let document = server.get("/api/openapi.json").json();
    let bodies = [
        ("/api/run", json!({ "script": ONELINE, "seed": 1 })),
        ("/api/boards", json!({ "script": "produce 2", "seed": 1, "format": "pbn" })),
        ("/deal", json!({ "script": ONELINE, "seed": 1 })),
    ];
    let mut answered = Vec::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for method in item.as_object().unwrap().keys() {
            let reply = match method.as_str() {
                "get" => server.get(path),
                "post" => server.post(path, &bodies.iter().find(|(p, _)| p == path).unwrap_or_else(|| panic!("no body for {path}")).1),
                other => panic!("{other} {path}"),
            };
            assert_eq!(reply.status, 200, "{method} {path}: {}", reply.text());
            assert_eq!(reply.header("access-control-allow-origin"), Some("*"), "{method} {path}");
            answered.push(path.clone());
        }
    }
    assert_eq!(answered.len(), 5, "{answered:?}");
    let health = server.get("/api/health").json();
    assert_eq!(health["status"], "ok");
    assert_eq!(health["limits"]["seconds"], 5.0);
    // Another path, another method: JSON errors naming the endpoints.
    let missing = server.get("/api/nothing");
    assert_eq!(missing.status, 404);
    assert!(missing.json()["error"].as_str().unwrap().contains("POST /deal"));
    let wrong = server.get("/deal");
    assert_eq!((wrong.status, wrong.header("allow")), (405, Some("POST")));
    // The preflight of a page on another origin.
    let preflight = http(server.port, "OPTIONS", "/deal", b"");
    assert_eq!(preflight.status, 204);
    assert!(preflight.header("access-control-allow-methods").unwrap().contains("POST"));
    assert_eq!(preflight.header("access-control-allow-headers"), Some("Content-Type"));
    // One line per request on standard error.
    let log = server.log();
    assert!(log.lines().any(|l| l.starts_with("POST /deal 200 ") && l.ends_with(" deals") && !l.ends_with("- deals")), "{log}");
    assert!(log.contains("GET /api/nothing 404 "), "{log}");
}

#[test]
fn deal_answers_what_the_command_prints() {
    let server = Server::start(&[]);
    for (name, script, seed) in [("printpbn", PRINTPBN, 7), ("oneline", ONELINE, 11), ("nothing", NOTHING, 3)] {
        let reply = server.post("/deal", &json!({ "script": script, "seed": seed }));
        assert_eq!(reply.status, 200, "{name}: {}", reply.text());
        let answer = reply.json();
        let printed = command(name, script, &["-s", &seed.to_string()]);
        assert_eq!(normalise(answer["output"].as_str().unwrap()), normalise(&printed), "{name}");
        assert_eq!(answer["seed"], seed);
        // A `printpbn` run prints a PBN file, its statistics asked for with -v, on standard error.
        let statistics = match name {
            "printpbn" => command_run(name, script, &["-s", &seed.to_string(), "-v"]).stderr,
            _ => printed,
        };
        assert!(statistics.contains(&format!("Generated {} hands", answer["generated"])), "{name}: {statistics}");
        assert!(statistics.contains(&format!("Produced  {} hands", answer["produced"])), "{name}: {statistics}");
        assert!(answer["elapsed_ms"].is_u64() && answer.get("limits").is_none(), "{answer}");
    }
    // No seed: the server chooses one and says which; the command deals the same with it.
    let answer = server.post("/deal", &json!({ "script": ONELINE })).json();
    let seed = answer["seed"].as_u64().unwrap();
    assert!(seed > 0);
    let printed = command("chosen", ONELINE, &["-s", &seed.to_string()]);
    assert_eq!(normalise(answer["output"].as_str().unwrap()), normalise(&printed));
}

#[test]
fn api_run_gives_the_figures_of_the_json_document() {
    let server = Server::start(&[]);
    let script = "condition hcp(north) >= 15\nproduce 200\naction average hcp(south), frequency \"spades\" (spades(north), 0, 13)\n";
    let reply = server.post("/api/run", &json!({ "script": script, "seed": 9, "generate": 100000, "threads": 2, "return_deals": 5 }));
    assert_eq!(reply.status, 200, "{}", reply.text());
    let answer = reply.json();
    let written = command("json", script, &["-s", "9", "-g", "100000", "--json", "-"]);
    let document: Value = serde_json::from_str(&written).unwrap();
    for field in ["format", "version", "input", "seed", "generated", "produced", "stopped_by", "reports"] {
        assert_eq!(answer[field], document[field], "{field}");
    }
    // Byte for byte: the answer is the document as the command writes it (every figure's last
    // digit), the deals, the charts and the time added at its end.
    let head = written.trim_end().strip_suffix('}').unwrap().trim_end();
    let text = reply.text();
    assert!(text.starts_with(head) && text[head.len()..].starts_with(",\n  \""), "{text}\n---\n{written}");
    assert_eq!(answer["produced"], 200);
    let deals = answer["deals"].as_array().unwrap();
    assert_eq!(deals.len(), 5);
    assert_eq!(deals[0]["board"], 1);
    assert!(deals[0]["deal"].as_str().unwrap().starts_with("N:"));
    // The deals returned are the deals the command produces: its PBN file has them.
    let dir = scratch("json-pbn");
    std::fs::write(dir.join("script.dli"), script).unwrap();
    let run = dealvm_in(&dir, &["-s", "9", "-g", "100000", "--pbn", "deals.pbn", "script.dli"], None);
    assert_eq!(run.status, 0, "{}", run.stderr);
    let pbn = std::fs::read_to_string(dir.join("deals.pbn")).unwrap();
    // (The file writes each deal from its dealer's seat, the answer from North.)
    let in_file: Vec<dealvm::Deal> =
        pbn.lines().filter_map(|l| l.strip_prefix("[Deal \"")?.strip_suffix("\"]")).map(|d| dealvm::deal_from_pbn(d).unwrap()).collect();
    for (i, deal) in deals.iter().enumerate() {
        assert_eq!(dealvm::deal_from_pbn(deal["deal"].as_str().unwrap()).unwrap(), in_file[i], "{deal}");
    }
    // One chart a report, each the one --charts draws for the same run.
    let charts = answer["charts"].as_array().unwrap();
    assert_eq!(charts.len(), 2);
    let run = dealvm_in(&dir, &["-s", "9", "-g", "100000", "--charts", "charts.html", "script.dli"], None);
    assert_eq!(run.status, 0, "{}", run.stderr);
    let page = std::fs::read_to_string(dir.join("charts.html")).unwrap();
    for chart in charts {
        let chart = chart.as_str().unwrap();
        assert!(chart.starts_with("<svg") && page.contains(chart), "{chart}");
    }
    // With standard errors, the bar chart's error bars, as --se --charts draws them.
    let reply = server.post("/api/run", &json!({ "script": script, "seed": 9, "generate": 100000, "standard_errors": true }));
    assert_eq!(reply.status, 200, "{}", reply.text());
    let run = dealvm_in(&dir, &["-s", "9", "-g", "100000", "--se", "--charts", "se.html", "script.dli"], None);
    assert_eq!(run.status, 0, "{}", run.stderr);
    let page = std::fs::read_to_string(dir.join("se.html")).unwrap();
    let bars = reply.json()["charts"][1].as_str().unwrap().to_string();
    assert!(page.contains(&bars) && bars != charts[1].as_str().unwrap(), "error bars under --se");
}

#[test]
fn api_run_returns_the_values_asked_for_with_each_deal() {
    let server = Server::start(&[]);
    let script = "points = hcp(north) + hcp(south)\nfit = spades(north) + spades(south) >= 8\ncondition points >= 24\nproduce 20\n";
    let plain = server.post("/api/run", &json!({ "script": script, "seed": 3, "return_deals": 20 })).json();
    let reply = server.post("/api/run", &json!({ "script": script, "seed": 3, "return_deals": 20, "values": ["points", "fit"] }));
    assert_eq!(reply.status, 200, "{}", reply.text());
    let answer = reply.json();
    let deals = answer["deals"].as_array().unwrap();
    assert_eq!(deals.len(), 20);
    // The values change neither the deals nor the figures.
    assert_eq!((&answer["generated"], &plain["generated"]), (&plain["generated"], &answer["generated"]));
    let mut fits = 0;
    for (deal, without) in deals.iter().zip(plain["deals"].as_array().unwrap()) {
        assert_eq!(deal["deal"], without["deal"]);
        assert!(without.get("values").is_none());
        let hands = dealvm::deal_from_pbn(deal["deal"].as_str().unwrap()).unwrap();
        let (n, s) = (hands.hand(dealvm::Seat::North), hands.hand(dealvm::Seat::South));
        let hcp = |hand: dealvm::Hand| {
            let suits = [dealvm::Suit::Spades, dealvm::Suit::Hearts, dealvm::Suit::Diamonds, dealvm::Suit::Clubs];
            suits.iter().map(|&suit| (9..13).map(|rank| (hand.suit_mask(suit) >> rank & 1) as u32 * (rank - 8)).sum::<u32>()).sum::<u32>()
        };
        let points = hcp(n) + hcp(s);
        let fit = n.len(dealvm::Suit::Spades) + s.len(dealvm::Suit::Spades) >= 8;
        fits += fit as u32;
        assert_eq!(deal["values"], json!({ "points": points, "fit": fit as i32 }), "{deal}");
    }
    assert!(fits > 0 && fits < 20, "both values of fit seen: {fits}");
    let unknown = server.post("/api/run", &json!({ "script": script, "values": ["pionts"] }));
    assert_eq!(unknown.status, 400);
    assert!(unknown.json()["error"].as_str().unwrap().contains("did you mean `points`?"), "{}", unknown.text());
}

#[test]
fn the_runs_warnings_come_with_the_answer_and_not_in_the_log() {
    let server = Server::start(&[]);
    let answer = server.post("/deal", &json!({ "script": "condition hcp(north) == 37 and spades(north) == 0\n", "seed": 1 })).json();
    let warnings = answer["warnings"].as_array().unwrap();
    assert!(warnings.iter().any(|w| w.as_str().unwrap().contains("no deal can meet the condition")), "{answer}");
    let dup = server.post("/api/boards", &json!({ "script": "dealer south\nproduce 2\ncondition hcp(south) >= 12\n", "format": "dup" }));
    assert_eq!(dup.status, 200, "{}", dup.text());
    assert!(dup.header("x-dealvm-warnings").unwrap_or("").contains("16-board cycle"), "{:?}", dup.header("x-dealvm-warnings"));
    let log = server.log();
    assert!(!log.contains("warning"), "{log}");
}

#[test]
fn api_boards_answers_the_file_the_command_writes() {
    // Time enough to solve the hand records' boards on a loaded machine.
    let server = Server::start(&["--max-seconds", "60"]);
    let script = "produce 4\ncondition hcp(north) >= 12\n";
    let reply = server.post("/api/boards", &json!({ "script": script, "seed": 4, "format": "dup" }));
    assert_eq!(reply.status, 200, "{}", reply.text());
    assert_eq!(reply.header("content-type"), Some("application/octet-stream"));
    assert_eq!(reply.header("content-disposition"), Some("attachment; filename=\"boards.dup\""));
    assert_eq!(reply.header("x-dealvm-produced"), Some("4"));
    let dir = scratch("boards");
    std::fs::write(dir.join("script.dli"), script).unwrap();
    let run = dealvm_in(&dir, &["-s", "4", "--dup", "out.dup", "script.dli"], None);
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert_eq!(reply.body, std::fs::read(dir.join("out.dup")).unwrap());
    // A PBN file given as text, converted to LIN as `--deals` converts it.
    let pbn = server.post("/api/boards", &json!({ "script": script, "seed": 4, "format": "pbn" }));
    assert_eq!(pbn.header("content-type"), Some("application/x-pbn; charset=utf-8"));
    let lin = server.post("/api/boards", &json!({ "deals": pbn.text(), "deals_name": "session.pbn", "format": "LIN" }));
    assert_eq!(lin.status, 200, "{}", lin.text());
    std::fs::write(dir.join("session.pbn"), &pbn.body).unwrap();
    let run = dealvm_in(&dir, &["--deals", "session.pbn", "--lin", "-"], None);
    assert_eq!(lin.text(), run.stdout);
    // A binary file (the DUP above) given in base64, read as `--deals` reads it.
    let encoded = base64(&reply.body);
    let converted = server.post("/api/boards", &json!({ "deals_base64": encoded, "deals_name": "out.dup", "format": "pbn" }));
    assert_eq!(converted.status, 200, "{}", converted.text());
    let run = dealvm_in(&dir, &["--deals", "out.dup", "--pbn", "-"], None);
    assert_eq!(converted.text(), run.stdout);
    let both = server.post("/api/boards", &json!({ "deals": "x", "deals_base64": encoded, "format": "pbn" }));
    assert_eq!(both.status, 400);
    let broken = server.post("/api/boards", &json!({ "deals_base64": "AB$C", "format": "pbn" }));
    assert_eq!(broken.status, 400);
    assert!(broken.json()["error"].as_str().unwrap().contains("`$` at character 2"), "{}", broken.text());
    let unknown = server.post("/api/boards", &json!({ "script": script, "format": "docx" }));
    assert_eq!(unknown.status, 400);
    assert!(unknown.json()["error"].as_str().unwrap().contains("pbn, dlm, lin"));
    let neither = server.post("/api/boards", &json!({ "format": "pbn" }));
    assert_eq!(neither.status, 400);
    // The hand records of the same boards, as the command writes them.
    let records = server.post("/api/boards", &json!({ "deals": pbn.text(), "deals_name": "session.pbn", "format": "hand-records-txt" }));
    assert_eq!(records.status, 200, "{}", records.text());
    let run = dealvm_in(&dir, &["--deals", "session.pbn", "--hand-records", "-", "--date", "x"], None);
    let skip_date = |t: &str| t.lines().skip(1).collect::<Vec<_>>().join("\n");
    assert_eq!(skip_date(&records.text()), skip_date(&run.stdout));
    let pdf = server.post("/api/boards", &json!({ "deals": pbn.text(), "deals_name": "session.pbn", "format": "hand-records-pdf" }));
    assert_eq!((pdf.status, pdf.header("content-type")), (200, Some("application/pdf")));
    assert!(pdf.body.starts_with(b"%PDF-"), "a PDF");
    assert_eq!(pdf.header("content-disposition"), Some("attachment; filename=\"boards.pdf\""));
}

#[test]
fn a_run_is_stopped_at_the_time_and_generate_limits() {
    let server = Server::start(&["--max-seconds", "1", "--max-generate", "1000000000000"]);
    let started = Instant::now();
    let answer = server.post("/deal", &json!({ "script": ENDLESS, "seed": 1 })).json();
    assert!(started.elapsed() < Duration::from_secs(4), "{:?}", started.elapsed());
    let limits: Vec<&str> = answer["limits"].as_array().unwrap().iter().map(|l| l["limit"].as_str().unwrap()).collect();
    assert_eq!(limits, ["--max-generate", "--max-seconds"], "{answer}");
    let generated = answer["generated"].as_u64().unwrap();
    assert!(generated > 0 && generated < 1_000_000_000_000);
    // The statistics say how far the run got.
    let output = answer["output"].as_str().unwrap();
    assert!(output.contains(&format!("Generated {generated} hands")) && output.contains("Sample Size="), "{output}");
    let document = server.post("/api/run", &json!({ "script": ENDLESS, "seed": 1 })).json();
    assert_eq!((&document["stopped_by"], &document["limits"][1]["limit"]), (&json!("interrupted"), &json!("--max-seconds")));

    let server = Server::start(&["--max-generate", "50000"]);
    let answer = server.post("/deal", &json!({ "script": ENDLESS, "seed": 1 })).json();
    assert_eq!(answer["generated"], 50000);
    assert_eq!(answer["limits"][0]["limit"], "--max-generate", "{answer}");
    assert!(answer["limits"][0]["message"].as_str().unwrap().contains("1000000000000000"));
}

#[test]
fn the_size_limits_refuse_or_cut() {
    let server = Server::start(&["--max-script-bytes", "1000", "--max-answer-bytes", "1000", "--max-deals", "3"]);
    // A script over the limit.
    let long = format!("{}produce 1\n", "# a comment\n".repeat(100));
    let reply = server.post("/deal", &json!({ "script": long }));
    assert_eq!(reply.status, 413);
    assert!(reply.json()["error"].as_str().unwrap().contains("--max-script-bytes"));
    // A request of 10 MB.
    let huge = json!({ "script": "#".repeat(10 << 20) });
    let reply = server.post("/deal", &huge);
    assert_eq!(reply.status, 413, "{}", reply.text());
    assert!(reply.json()["error"].as_str().unwrap().contains("--max-request-bytes"));
    // An output over the limit is cut there, and the run stopped.
    let answer = server.post("/deal", &json!({ "script": "produce 3\naction printall\n", "seed": 2 })).json();
    assert_eq!(answer["output"].as_str().unwrap().len(), 1000, "{answer}");
    assert_eq!(answer["limits"][0]["limit"], "--max-answer-bytes");
    // A printing script produces at most --max-deals.
    let answer = server.post("/deal", &json!({ "script": "produce 10\naction printoneline\n", "seed": 2 })).json();
    assert_eq!((answer["produced"].as_u64(), answer["limits"][0]["limit"].as_str()), (Some(3), Some("--max-deals")), "{answer}");
    let boards = server.post("/api/boards", &json!({ "script": "produce 10", "format": "pbn" }));
    assert_eq!(boards.header("x-dealvm-produced"), Some("3"));
}

#[test]
fn requests_beyond_the_places_and_the_queue_are_turned_away() {
    let server = Arc::new(Server::start(&["--max-running", "1", "--max-waiting", "0", "--max-seconds", "2", "--max-generate", "1000000000000"]));
    let long = {
        let server = server.clone();
        std::thread::spawn(move || server.post("/deal", &json!({ "script": ENDLESS, "seed": 1 })).status)
    };
    std::thread::sleep(Duration::from_millis(500));
    let busy = server.post("/deal", &json!({ "script": ONELINE, "seed": 1 }));
    assert_eq!(busy.status, 503, "{}", busy.text());
    assert_eq!(busy.header("retry-after"), Some("2"));
    assert!(busy.json()["error"].as_str().unwrap().contains("busy"));
    assert_eq!(long.join().unwrap(), 200);
    assert_eq!(server.post("/deal", &json!({ "script": ONELINE, "seed": 1 })).status, 200);
}

#[test]
fn bad_requests_are_refused_with_the_commands_messages() {
    let server = Server::start(&[]);
    let cases: [(&str, &[u8], &str); 6] = [
        ("/deal", b"{\"script\": ", "not the JSON"),
        ("/deal", b"{\"script\": \"produce 1\", \"seed\": \"abc\"}", "invalid type"),
        ("/deal", b"{\"seed\": 1}", "missing field `script`"),
        ("/deal", b"[1, 2]", "not the JSON"),
        ("/api/run", b"{\"script\": \"produce 1\", \"deals_file\": \"/etc/passwd\"}", "unknown field `deals_file`"),
        ("/api/boards", b"{\"deals\": \"x\", \"deals_name\": \"../../etc/passwd\", \"format\": \"pbn\"}", "deals_name"),
    ];
    for (path, body, said) in cases {
        let reply = http(server.port, "POST", path, body);
        assert_eq!(reply.status, 400, "{}", String::from_utf8_lossy(body));
        assert!(reply.json()["error"].as_str().unwrap().contains(said), "{}", reply.text());
    }
    // A script error: the command's caret message, its line and column.
    let answer = server.post("/deal", &json!({ "script": "produce 1\ncondition hcpp(north) > 3\n" })).json();
    assert_eq!((answer["line"].as_u64(), answer["column"].as_u64()), (Some(2), Some(11)), "{answer}");
    assert!(answer["error"].as_str().unwrap().contains("--> script.dli:2:11"));
    assert!(answer["message"].as_str().unwrap().starts_with("unknown function `hcpp`"));
    // A script that asks for a program of the server's machine.
    let answer = server.post("/deal", &json!({ "script": "condition usereval(1, north, 0) > 0\n" }));
    assert_eq!(answer.status, 400);
    assert!(answer.json()["error"].as_str().unwrap().contains("this server runs none"), "{}", answer.text());
    // A division by zero in the run, pointed at.
    let answer = server.post("/deal", &json!({ "script": "condition 10 / (hcp(north) - hcp(north)) > 1\n", "seed": 1 })).json();
    assert!(answer["error"].as_str().unwrap().contains("division by zero"), "{answer}");
    assert_eq!(answer["line"], 1);
    assert_eq!(server.get("/api/health").status, 200);
}

#[test]
fn a_client_that_goes_away_leaves_the_server_serving_and_sigterm_ends_it() {
    let mut server = Server::start(&["--max-seconds", "3", "--max-generate", "1000000000000"]);
    // A body cut half-way, then the connection closed.
    let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    stream.write_all(b"POST /deal HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"script\": ").unwrap();
    drop(stream);
    // A run started, its client gone before the answer: the run stops.
    let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    let body = json!({ "script": ENDLESS, "seed": 1 }).to_string();
    let head = format!("POST /deal HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n", body.len());
    stream.write_all((head + &body).as_bytes()).unwrap();
    std::thread::sleep(Duration::from_millis(300));
    drop(stream);
    std::thread::sleep(Duration::from_millis(300));
    let health = server.get("/api/health").json();
    assert_eq!(health["status"], "ok");
    assert!(server.log().contains("POST /deal closed by the client"), "{}", server.log());
    assert_eq!(server.post("/deal", &json!({ "script": ONELINE, "seed": 1 })).status, 200);
    // SIGTERM: the server ends at once, with status 0.
    let started = Instant::now();
    // SAFETY: kill has no preconditions; the pid is our child's, still running.
    unsafe { libc::kill(server.child.id() as i32, libc::SIGTERM) };
    let status = loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            break status;
        }
        assert!(started.elapsed() < Duration::from_secs(5), "the server did not end");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(status.code(), Some(0));
}

#[test]
fn bad_switches_exit_2_and_the_help_names_every_limit() {
    let dir = scratch("switches");
    let run = dealvm_in(&dir, &["serve", "--max-seconds", "0"], None);
    assert_eq!(run.status, 2, "{}", run.stderr);
    let run = dealvm_in(&dir, &["serve", "--listen", "nowhere"], None);
    assert_eq!(run.status, 2, "{}", run.stderr);
    let help = dealvm_in(&dir, &["serve", "--help"], None);
    assert_eq!(help.status, 0);
    for switch in
        ["--listen", "--max-seconds", "--max-generate", "--max-deals", "--max-script-bytes", "--max-answer-bytes", "--max-running", "--max-threads"]
    {
        assert!(help.stdout.contains(switch), "{switch}");
    }
}

#[test]
fn the_teachers_page_works_in_a_real_browser() {
    // The page and its two files, built into the binary.
    let server = Server::start(&["--max-running", "4"]);
    let page = server.get("/");
    assert_eq!(page.status, 200);
    assert_eq!(page.header("content-type"), Some("text/html; charset=utf-8"));
    assert!(page.text().contains("id=\"example-scripts\">[["), "the examples are in the page");
    for (path, kind) in [("/page.css", "text/css; charset=utf-8"), ("/page.js", "text/javascript; charset=utf-8")] {
        let file = server.get(path);
        assert_eq!((file.status, file.header("content-type")), (200, Some(kind)), "{path}");
    }
    // Debian's chromium driven by playwright-core (tests/browser/page.mjs): a script typed and
    // run, its diagrams and a chart seen, an error marked in the editor, the boards downloaded
    // as PBN; the screenshots stay in the test's output folder.
    let browser = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser");
    assert!(
        browser.join("node_modules/playwright-core").exists(),
        "playwright-core is missing: `npm ci --prefix tests/browser` installs it (bash .ci/run does), with Debian's chromium"
    );
    let out = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser");
    std::fs::create_dir_all(&out).unwrap();
    let _ = std::fs::remove_file(out.join("boards.pbn"));
    let _ = std::fs::remove_file(out.join("boards.dup"));
    let run = crate::common::in_test_home(&mut Command::new("node"))
        .arg(browser.join("page.mjs"))
        .arg(format!("http://127.0.0.1:{}/", server.port))
        .arg(&out)
        .output()
        .expect("node runs (apt-get install nodejs)");
    let said = format!("{}{}", String::from_utf8_lossy(&run.stdout), String::from_utf8_lossy(&run.stderr));
    assert!(run.status.success(), "{said}\nserver log:\n{}", server.log());
    assert!(out.join("page-run.png").exists() && out.join("page-error.png").exists(), "screenshots in {}", out.display());
    // The file downloaded is the run's boards, which the command reads back.
    let read = dealvm_in(&out, &["--deals", "boards.pbn", "-v"], Some(b"action printoneline\n"));
    assert_eq!(read.status, 0, "{}", read.stderr);
    assert_eq!(read.stdout.lines().count(), 6, "{}", read.stdout);
    // The board file opened on the page and converted: the same deals in a DUP file.
    let dup = dealvm_in(&out, &["--deals", "boards.dup", "-v"], Some(b"action printoneline\n"));
    assert_eq!(dup.status, 0, "{}", dup.stderr);
    assert_eq!(dup.stdout, read.stdout);
}

/// `bytes` in base64, as a client encodes a binary board file.
fn base64(bytes: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// A request as the serve guide shows it, a `curl` command: its path, its JSON body (none: a
/// GET) and whether it saves the answer as a file (`-OJ`).
struct Curl {
    path: String,
    body: Option<String>,
    saves: bool,
}

/// The `curl` commands of a `console` block, its lines joined where they end in `\`.
fn curls(block: &str) -> Vec<Curl> {
    let joined = block.replace("\\\n", " ");
    joined
        .lines()
        .filter_map(|line| line.trim().strip_prefix("curl "))
        .map(|line| {
            let url = line.split_whitespace().find(|w| w.starts_with("http://")).expect("a URL");
            let path = url.strip_prefix("http://127.0.0.1:8080").expect("the guide's server address").to_string();
            let body = line.split_once("-d '").map(|(_, rest)| rest[..rest.rfind('\'').expect("a closing quote")].to_string());
            Curl { path, body, saves: line.contains("-OJ") }
        })
        .collect()
}

/// An answer as the guide shows it: the time a run took (`elapsed_ms`, `Time needed`) and
/// each chart's SVG elided.
fn as_shown(answer: &str) -> String {
    let mut out = String::new();
    let mut rest = answer;
    while let Some(at) = rest.find("<svg ") {
        out.push_str(&rest[..at]);
        let end = rest[at..].find("</svg>").map(|e| at + e + "</svg>".len()).expect("the chart's end");
        out.push_str("<svg xmlns=\\\"http://www.w3.org/2000/svg\\\" … </svg>");
        rest = &rest[end..];
    }
    out.push_str(rest);
    let mut shown = String::new();
    for (i, piece) in out.split("\"elapsed_ms\":").enumerate() {
        if i > 0 {
            shown.push_str("\"elapsed_ms\":N");
            shown.push_str(piece.trim_start_matches(|c: char| c.is_ascii_digit() || c == ' '));
        } else {
            shown.push_str(piece);
        }
    }
    match shown.find("Time needed") {
        Some(at) => {
            let end = shown[at..].find("sec").map_or(shown.len(), |e| at + e + 3);
            format!("{}Time needed N sec{}", &shown[..at], &shown[end..])
        }
        None => shown,
    }
}

/// Every server the serve guide starts starts, and every request it shows is answered as it
/// shows: the answer after it exactly (the time and the charts aside), a board file or the
/// hand records as named.
#[test]
fn the_serve_guides_examples_are_what_the_server_answers() {
    let guide = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/guide/serve.md")).unwrap();
    let blocks = crate::docs::fenced_blocks(&guide);
    let mut servers = 0;
    let mut answered = 0;
    for block in blocks.iter().filter(|b| b.lang == "console") {
        for line in block.body.lines().filter(|l| l.starts_with("dealvm serve")) {
            let switches: Vec<&str> = line.split_whitespace().skip(2).collect();
            let mut rest = Vec::new();
            let mut words = switches.iter();
            while let Some(w) = words.next() {
                if *w == "--listen" {
                    assert_eq!(words.next(), Some(&"127.0.0.1:8080"), "line {}: the guide's server address", block.line);
                } else {
                    rest.push(*w);
                }
            }
            let server = Server::start(&rest);
            assert_eq!(http(server.port, "GET", "/api/health", b"").status, 200, "line {}: {line}", block.line);
            servers += 1;
        }
    }
    assert!(servers >= 2, "the guide starts its servers");
    // Time is no part of the answers: a busy test machine solves the hand records slowly.
    let server = Server::start(&["--max-seconds", "300"]);
    let mut saved: Vec<u8> = Vec::new();
    for (i, block) in blocks.iter().enumerate().filter(|(_, b)| b.lang == "console") {
        let shown = blocks.get(i + 1).filter(|next| next.lang == "text" && next.follows);
        for curl in curls(&block.body) {
            let reply = match &curl.body {
                Some(body) => {
                    let base64 = "'\"$(base64 -w0 boards.dup)\"'";
                    let body = body.replace(base64, &base64::Engine::encode(&base64::engine::general_purpose::STANDARD, &saved));
                    http(server.port, "POST", &curl.path, body.as_bytes())
                }
                None => http(server.port, "GET", &curl.path, b""),
            };
            answered += 1;
            if curl.saves {
                assert_eq!(reply.status, 200, "line {}: {}", block.line, reply.text());
                let disposition = reply.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case("content-disposition")).map(|(_, v)| v.clone());
                assert!(disposition.is_some_and(|d| d.contains("filename=\"boards.")), "line {}", block.line);
                saved = reply.body.clone();
            } else if let Some(shown) = shown {
                assert_eq!(as_shown(&reply.text()).trim_end(), as_shown(&shown.body).trim_end(), "line {}: the answer the guide shows", block.line);
            } else {
                assert_eq!(reply.status, 200, "line {}: {}", block.line, reply.text());
            }
        }
    }
    assert!(answered >= 5, "the guide's requests are sent");
}

/// Raises this process's soft open-files limit to its hard one, for the client sockets of a
/// test; the limit then.
#[cfg(target_os = "linux")]
fn more_open_files() -> u64 {
    let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit writes the struct it is given, ours; setrlimit reads it.
    unsafe {
        assert_eq!(libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit), 0);
        limit.rlim_cur = limit.rlim_max;
        libc::setrlimit(libc::RLIMIT_NOFILE, &limit);
        libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit);
    }
    limit.rlim_cur
}

/// Whether the server has closed `stream`: it reads the end (or a reset) at once, after what
/// the server wrote before, which is appended to `got`.
fn closed_by_server(mut stream: &TcpStream, got: &mut Vec<u8>) -> bool {
    stream.set_nonblocking(true).unwrap();
    let mut buffer = [0u8; 4096];
    loop {
        match stream.read(&mut buffer) {
            Ok(0) => return true,
            Ok(n) => got.extend_from_slice(&buffer[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => return false,
            Err(_) => return true,
        }
    }
}

/// A request on a connection of its own, timed: its answer must come within 2 seconds.
fn within_two_seconds(what: &str, ask: impl FnOnce() -> Reply) -> Reply {
    let started = Instant::now();
    let reply = ask();
    let took = started.elapsed();
    assert!(took < Duration::from_secs(2), "{what} took {took:?}");
    reply
}

#[test]
#[cfg(target_os = "linux")]
fn slow_clients_are_cut_at_their_time_and_leave_the_server_serving() {
    const SLOWLORIS: usize = 1100;
    const TRICKLING: usize = 50;
    let files = more_open_files();
    assert!(files > 1500, "the test needs 1500 open files, and the hard limit is {files}");
    // The server as a service commonly runs: 1024 open files, neither limit above it.
    let mut command = Command::new("prlimit");
    command.args(["--nofile=1024:1024", env!("CARGO_BIN_EXE_dealvm"), "serve", "--listen", "127.0.0.1:0"]);
    command.args(["--max-header-seconds", "2", "--max-body-seconds", "2", "--max-idle-seconds", "2"]);
    crate::common::in_test_home(&mut command);
    let mut server = Server::spawned(command);
    let connect = || TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    // Bodies sent a byte at a time: each request's headers are whole, its body never is.
    let started = Instant::now();
    let mut trickling: Vec<TcpStream> = (0..TRICKLING)
        .map(|_| {
            let mut stream = connect();
            stream.write_all(b"POST /deal HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{").unwrap();
            stream
        })
        .collect();
    // Headers never finished, more than the open files the server has.
    let slowloris: Vec<(TcpStream, Instant)> = (0..SLOWLORIS)
        .map(|_| {
            let mut stream = connect();
            stream.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\n").unwrap();
            (stream, Instant::now())
        })
        .collect();
    let opened = started.elapsed();
    // Meanwhile every endpoint answers at once, and a header of 2 MB is refused.
    let health = within_two_seconds("GET /api/health", || server.get("/api/health"));
    assert_eq!(health.status, 200, "{}", health.text());
    assert_eq!(health.json()["limits"]["connections"], 896, "{}", health.text());
    let deal = within_two_seconds("POST /deal", || server.post("/deal", &json!({ "script": ONELINE, "seed": 1 })));
    assert_eq!(deal.status, 200, "{}", deal.text());
    let large = within_two_seconds("a header of 2 MB", || {
        let stream = connect();
        stream.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        let mut writer = stream.try_clone().unwrap();
        let sending = std::thread::spawn(move || {
            let mut head = b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Large: ".to_vec();
            head.resize(head.len() + (2 << 20), b'a');
            head.extend_from_slice(b"\r\n\r\n");
            // The server stops reading where the header passes its limit.
            let _ = writer.write_all(&head);
        });
        let reply = read_reply(stream);
        let _ = sending.join();
        reply
    });
    assert_eq!(large.status, 431);
    // The newest connections are not closed before their time.
    let (newest, since) = slowloris.last().unwrap();
    let mut got = Vec::new();
    assert!(since.elapsed() < Duration::from_millis(1500) && !closed_by_server(newest, &mut got), "{:?}", since.elapsed());
    // The bodies go on a byte at a time, every 200 ms, until each is cut at its time.
    for _ in 0..18 {
        for stream in &mut trickling {
            let _ = stream.write_all(b" ");
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    // Every slow connection is closed by now: 2 s and a margin after the last one opened.
    let margin = Duration::from_millis(1500);
    let waited = started.elapsed();
    assert!(waited >= opened + Duration::from_secs(2) + margin, "{waited:?}, {opened:?}");
    let open = slowloris.iter().filter(|(stream, _)| !closed_by_server(stream, &mut Vec::new())).count();
    assert_eq!(open, 0, "{open} of the {SLOWLORIS} connections without headers are open after {waited:?}");
    for stream in &trickling {
        let mut got = Vec::new();
        assert!(closed_by_server(stream, &mut got), "a body trickled is still read after {waited:?}");
        assert!(got.starts_with(b"HTTP/1.1 408"), "{}", String::from_utf8_lossy(&got));
    }
    // One line for each kind, at most once a second: not one per connection.
    let log = server.log();
    assert!(log.contains("at most 896 connections at once (--max-connections; the open-files limit is 1024)"), "{log}");
    let lines = |what: &str| log.lines().filter(|l| l.contains(what)).count();
    let timed_out = lines("that did not send their headers within 2 s (--max-header-seconds)");
    let made_room = lines("the most it keeps (--max-connections): closed");
    assert!((1..=8).contains(&timed_out) && (1..=8).contains(&made_room), "{log}");
    assert_eq!(lines("POST /deal 408 "), TRICKLING, "{log}");
    // SIGTERM ends the server at once, with status 0, slow connections open or not.
    let _waiting: Vec<TcpStream> = (0..200)
        .map(|_| {
            let mut stream = connect();
            stream.write_all(b"GET /api/health HTTP/1.1\r\n").unwrap();
            stream
        })
        .collect();
    std::thread::sleep(Duration::from_millis(200));
    let stopping = Instant::now();
    // SAFETY: kill has no preconditions; the pid is our child's (prlimit runs the server in
    // its own place), still running.
    unsafe { libc::kill(server.child.id() as i32, libc::SIGTERM) };
    let status = loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            break status;
        }
        assert!(stopping.elapsed() < Duration::from_secs(3), "the server did not end");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(status.code(), Some(0), "{}", server.log());
}

#[test]
fn a_kept_alive_connection_is_closed_after_its_idle_time() {
    let server = Server::start(&["--max-idle-seconds", "1"]);
    let stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    let mut got = Vec::new();
    // Two requests on the connection, the second after a wait shorter than the limit.
    for wait in [0, 600] {
        std::thread::sleep(Duration::from_millis(wait));
        (&stream).write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
        let answered = Instant::now();
        while got.windows(4).filter(|w| w == b"\r\n\r\n").count() < if wait == 0 { 1 } else { 2 } {
            assert!(!closed_by_server(&stream, &mut got), "{}", String::from_utf8_lossy(&got));
            assert!(answered.elapsed() < Duration::from_secs(2), "{}", String::from_utf8_lossy(&got));
            std::thread::sleep(Duration::from_millis(10));
        }
    }
    assert_eq!(String::from_utf8_lossy(&got).matches("HTTP/1.1 200 OK").count(), 2, "{}", String::from_utf8_lossy(&got));
    // Then nothing: open at half the limit, closed after it.
    let idle = Instant::now();
    std::thread::sleep(Duration::from_millis(500));
    assert!(!closed_by_server(&stream, &mut got));
    while !closed_by_server(&stream, &mut got) {
        assert!(idle.elapsed() < Duration::from_millis(2500), "open after {:?}", idle.elapsed());
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(idle.elapsed() >= Duration::from_millis(900), "closed after {:?}", idle.elapsed());
    std::thread::sleep(Duration::from_millis(1100));
    assert!(server.log().contains("dealvm serve: closed 1 connection kept alive without a request for 1 s (--max-idle-seconds)"), "{}", server.log());
}

#[test]
fn a_connection_beyond_the_cap_is_answered_503_when_every_one_runs_a_request() {
    let server = Server::start(&["--max-connections", "2", "--max-body-seconds", "2"]);
    // Two requests whose bodies do not come: both connections run a request.
    let running: Vec<TcpStream> = (0..2)
        .map(|_| {
            let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
            stream.write_all(b"POST /deal HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{").unwrap();
            stream
        })
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    let refused = within_two_seconds("a third connection", || server.get("/api/health"));
    assert_eq!((refused.status, refused.header("retry-after")), (503, Some("5")), "{}", refused.text());
    assert!(refused.json()["error"].as_str().unwrap().contains("--max-connections"), "{}", refused.text());
    // Once their bodies' time is over, their places are free.
    let freed = Instant::now();
    for stream in &running {
        while !closed_by_server(stream, &mut Vec::new()) {
            assert!(freed.elapsed() < Duration::from_secs(4), "a request without its body still runs");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    assert_eq!(server.get("/api/health").status, 200);
    std::thread::sleep(Duration::from_millis(1100));
    assert!(server.log().contains("each running a request, the most it keeps (--max-connections): answered 503 to 1 connection"), "{}", server.log());
}
