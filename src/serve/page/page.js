// The teacher's page: the script, the run, the deals as diagrams, the statistics, downloads.
// It speaks only to this server's JSON API (docs/guide/serve.md).
"use strict";

const $ = (id) => document.getElementById(id);
const SUITS = [["♠", false], ["♥", true], ["♦", true], ["♣", false]];
const SEATS = ["north", "east", "south", "west"];
const SEAT_NAMES = { north: "North", east: "East", south: "South", west: "West" };
const POINTS = { A: 4, K: 3, Q: 2, J: 1 };

/** The settings of a run as the form gives them. */
function settings() {
  const body = { script: $("script").value };
  for (const key of ["seed", "produce", "generate"]) {
    const value = $(key).value.trim();
    if (value !== "") body[key] = Number(value);
  }
  return body;
}

/** The settings of `/api/run`: the run's, and the charts' error bars. */
function runSettings() {
  return Object.assign(settings(), { standard_errors: $("standard-errors").checked });
}

/** The line numbers beside the script, `bad` marked. */
function gutter(bad) {
  const lines = $("script").value.split("\n").length;
  const out = [];
  for (let i = 1; i <= lines; i++) out.push(i === bad ? `<span class="bad">${i}</span>` : String(i));
  $("gutter").innerHTML = out.join("\n");
  $("gutter").scrollTop = $("script").scrollTop;
}

/** Shows an error; with a line and column, marks it in the script and puts the cursor there. */
function showError(answer) {
  const where = answer.line ? `line ${answer.line}, column ${answer.column || 1}: ` : "";
  const message = answer.message || answer.error || "the server gave no reason";
  // The message, then the command's own rendering of it, with the line and a caret.
  const shown = answer.error && answer.error !== message ? `\n\n${answer.error.trimEnd()}` : "";
  $("error").textContent = where + message + shown;
  $("error").hidden = false;
  gutter(answer.line || 0);
  if (answer.line) {
    const text = $("script").value;
    let at = 0;
    for (let l = 1; l < answer.line; l++) at = text.indexOf("\n", at) + 1;
    at += Math.max(0, (answer.column || 1) - 1);
    $("script").focus();
    $("script").setSelectionRange(at, Math.min(text.length, at + 1));
  }
}

function clearError() {
  $("error").hidden = true;
  $("error").textContent = "";
  gutter(0);
}

/** One hand of a PBN deal as a diagram's block: the seat, its points, a line a suit. */
function handBlock(seat, hand) {
  const suits = hand.split(".");
  const points = hand.split("").reduce((sum, c) => sum + (POINTS[c] || 0), 0);
  const div = document.createElement("div");
  div.className = `hand ${seat}`;
  const head = document.createElement("div");
  head.className = "seat";
  head.textContent = `${SEAT_NAMES[seat]} ${points}`;
  div.appendChild(head);
  SUITS.forEach(([symbol, red], i) => {
    const line = document.createElement("div");
    const mark = document.createElement("span");
    mark.textContent = symbol;
    if (red) mark.className = "red";
    line.appendChild(mark);
    line.appendChild(document.createTextNode(" " + ((suits[i] || "") === "" ? "—" : suits[i])));
    div.appendChild(line);
  });
  return div;
}

/** A board's compass diagram from its number and PBN deal (`N:AKQ.... ...`). */
function board(number, deal) {
  const [first, hands] = [deal[0].toUpperCase(), deal.slice(2).trim().split(/\s+/)];
  const start = SEATS.findIndex((s) => s[0].toUpperCase() === first);
  const div = document.createElement("div");
  div.className = "board";
  const title = document.createElement("div");
  title.className = "title";
  title.textContent = `Board ${number}`;
  div.appendChild(title);
  hands.forEach((hand, i) => div.appendChild(handBlock(SEATS[(start + i) % 4], hand)));
  return div;
}

/** A number as the reports print it. */
const fixed = (x, digits) => (x === null || x === undefined ? "—" : Number(x).toFixed(digits));

/** A statistics report: its heading, its chart (from the server, made in Rust) and its table. */
function report(r, chart) {
  const figure = document.createElement("figure");
  if (!chart) {
    // A chart carries its own heading.
    const caption = document.createElement("figcaption");
    caption.textContent = r.label || r.kind;
    figure.appendChild(caption);
  } else {
    const holder = document.createElement("div");
    holder.innerHTML = chart; // SVG made by dealvm itself, no script in it
    figure.appendChild(holder);
  }
  const table = document.createElement("table");
  const row = (cells, tag = "td") => {
    const tr = document.createElement("tr");
    for (const c of cells) {
      const td = document.createElement(tag);
      td.textContent = c;
      tr.appendChild(td);
    }
    table.appendChild(tr);
  };
  if (r.kind === "average") {
    row(["mean", "95% interval", "deals"], "th");
    row([fixed(r.mean, 4), r.interval95 ? `${fixed(r.interval95[0], 4)} to ${fixed(r.interval95[1], 4)}` : "—", r.n]);
  } else if (r.dimensions === 1) {
    row(["value", "deals", "%"], "th");
    const cells = [];
    if (r.below && r.below.count) cells.push(["below", r.below]);
    // The values no deal had are left out, as in the chart.
    for (const c of r.cells) if (c.count) cells.push([c.from === c.to ? String(c.from) : `${c.from}–${c.to}`, c]);
    if (r.above && r.above.count) cells.push(["above", r.above]);
    for (const [name, c] of cells) row([name, c.count, fixed(100 * (c.proportion || 0), 2)]);
  } else if (r.kind === "evalleads") {
    // Best lead first, as the server sorts them.
    const percent = (x) => (x === null || x === undefined ? "—" : (100 * x).toFixed(2));
    row(["lead", "tricks", "std err", "defeated %", "std err", "score", "std err"], "th");
    for (const l of r.leads) {
      const t = l.tricks, d = l.defeated, s = l.score;
      row([l.cards.join(" "), fixed(t.mean, 3), fixed(t.standard_error, 3), percent(d.proportion), percent(d.standard_error), fixed(s.mean, 2), fixed(s.standard_error, 2)]);
    }
  } else if (r.dimensions === 2) {
    for (const line of r.counts) row(line.map(String));
  } else {
    row(Object.keys(r).filter((k) => typeof r[k] !== "object"), "th");
    row(Object.keys(r).filter((k) => typeof r[k] !== "object").map((k) => String(r[k])));
  }
  figure.appendChild(table);
  return figure;
}

async function run() {
  clearError();
  $("run").disabled = true;
  try {
    const response = await fetch("/api/run", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(runSettings()) });
    const answer = await response.json().catch(() => ({ error: `the server answered ${response.status}` }));
    if (!response.ok) return showError(answer);
    $("seed").placeholder = `any (last: ${answer.seed})`;
    $("results").dataset.seed = answer.seed;
    $("summary").textContent = `Generated ${answer.generated} deals, produced ${answer.produced}, seed ${answer.seed}, in ${answer.elapsed_ms} ms.`;
    // What the server's limits cut, and the warnings the command prints (their first line).
    const notes = (answer.limits || []).map((l) => `${l.message} (${l.limit})`);
    for (const w of answer.warnings || []) notes.push(w.split("\n")[0].replace(/^warning: /, "Warning: "));
    $("notes").textContent = notes.join("\n");
    $("notes").hidden = notes.length === 0;
    const statistics = $("statistics");
    statistics.replaceChildren(...(answer.reports || []).map((r, i) => report(r, (answer.charts || [])[i])));
    $("deals").replaceChildren(...(answer.deals || []).map((d) => board(d.board, d.deal)));
    $("results").hidden = false;
  } catch (e) {
    showError({ error: `the server cannot be reached (${e.message})` });
  } finally {
    $("run").disabled = false;
  }
}

/** Downloads the run's boards in the chosen format: the same script and seed, so the same deals. */
async function download() {
  const body = Object.assign(settings(), { format: $("format").value });
  if ($("results").dataset.seed) body.seed = Number($("results").dataset.seed);
  await save(body);
}

/** Converts the board file chosen to the format chosen (its bytes sent in base64). */
async function convert() {
  clearError();
  const file = $("board-file").files[0];
  if (!file) return showError({ error: "choose a board file first" });
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  // The server takes a plain file name, whose extension tells the format.
  const name = file.name.replace(/[^A-Za-z0-9._-]/g, "_").replace(/^[.-]+/, "") || "deals";
  await save({ deals_base64: btoa(binary), deals_name: name, format: $("convert-format").value });
}

/** Asks `/api/boards` for a file and saves what it answers under the name it gives. */
async function save(body) {
  const response = await fetch("/api/boards", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (!response.ok) return showError(await response.json().catch(() => ({ error: `the server answered ${response.status}` })));
  const name = (response.headers.get("Content-Disposition") || "").match(/filename="([^"]+)"/);
  const link = document.createElement("a");
  link.href = URL.createObjectURL(await response.blob());
  link.download = name ? name[1] : `boards.${body.format}`;
  document.body.appendChild(link);
  link.click();
  link.remove();
}

function start() {
  const examples = JSON.parse($("example-scripts").textContent);
  for (const [name, text] of examples) {
    const option = document.createElement("option");
    option.value = text;
    option.textContent = name;
    $("examples").appendChild(option);
  }
  $("examples").addEventListener("change", () => {
    if ($("examples").value) $("script").value = $("examples").value;
    clearError();
  });
  for (const [name, what] of JSON.parse($("board-formats").textContent)) {
    for (const list of ["format", "convert-format"]) {
      const option = document.createElement("option");
      option.value = name;
      option.textContent = what;
      $(list).appendChild(option);
    }
  }
  $("script").addEventListener("input", () => gutter(0));
  $("script").addEventListener("scroll", () => ($("gutter").scrollTop = $("script").scrollTop));
  $("script").addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) run();
  });
  $("run").addEventListener("click", run);
  $("download").addEventListener("click", download);
  $("convert").addEventListener("click", convert);
  gutter(0);
}

start();
