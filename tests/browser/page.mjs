// The teacher's page in a real browser: Debian's chromium, driven by playwright-core.
//
//   node tests/browser/page.mjs URL OUTDIR
//
// Types a script, runs it, waits for the deals' diagrams and a chart, types a script with a
// mistake and checks that the error is marked at its line, downloads the boards as PBN into
// OUTDIR/boards.pbn and converts that file to OUTDIR/boards.dup (the Rust test reads both back
// with `dealvm --deals`), sees a run's warning, and saves screenshots in OUTDIR. Prints one line per check; exits 1 at the first that fails.
import { chromium } from "playwright-core";
import path from "node:path";

const [url, out] = process.argv.slice(2);
if (!url || !out) {
  console.error("usage: node page.mjs URL OUTDIR");
  process.exit(2);
}

function check(ok, what) {
  if (!ok) {
    console.error(`FAILED: ${what}`);
    process.exit(1);
  }
  console.log(`ok: ${what}`);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const problems = [];
  page.on("pageerror", (e) => problems.push(e.message));
  // The script with a mistake is answered 400 on purpose: the browser logs that answer.
  page.on("console", (m) => m.type() === "error" && !m.text().includes("status of 400") && problems.push(m.text()));
  await page.goto(url);
  check((await page.title()).includes("dealvm"), "the page loads");
  check((await page.locator("#examples option").count()) > 1, "the examples are one click away");

  const script = [
    "generate 200000",
    "produce 6",
    "condition hcp(south) >= 15 and shape(south, any 4333 + any 4432 + any 5332)",
    'action printall, average "South" hcp(south), frequency "North" (hcp(north), 0, 20)',
  ].join("\n");
  await page.fill("#script", script);
  await page.fill("#seed", "7");
  await page.click("#run");
  await page.waitForSelector("#deals .board", { timeout: 20000 });
  check((await page.locator("#deals .board").count()) === 6, "six boards drawn as diagrams");
  check((await page.locator("#deals .board .red").count()) > 0, "hearts and diamonds in red");
  check((await page.locator("#statistics figure").count()) === 2, "two statistics shown");
  check((await page.locator("#statistics svg").count()) >= 1, "a chart drawn");
  check((await page.textContent("#summary")).includes("seed 7"), "the seed shown");
  await page.screenshot({ path: path.join(out, "page-run.png"), fullPage: true });

  const download = page.waitForEvent("download");
  await page.selectOption("#format", "pbn");
  await page.click("#download");
  const file = await download;
  await file.saveAs(path.join(out, "boards.pbn"));
  check(true, "the boards downloaded as PBN");

  // The PBN file just downloaded, opened as a board file and converted to a dealing machine's DUP.
  const converted = page.waitForEvent("download");
  await page.setInputFiles("#board-file", path.join(out, "boards.pbn"));
  await page.selectOption("#convert-format", "dup");
  await page.click("#convert");
  const dup = await converted;
  check(dup.suggestedFilename() === "boards.dup", `the file converted is named ${dup.suggestedFilename()}`);
  await dup.saveAs(path.join(out, "boards.dup"));

  // A condition no deal meets: the command's warning shown beside the figures.
  await page.fill("#script", "condition hcp(north) == 37 and spades(north) == 0\n");
  await page.click("#run");
  await page.waitForSelector("#notes:not([hidden])", { timeout: 10000 });
  check((await page.textContent("#notes")).includes("no deal can meet the condition"), "the run's warning shown");

  await page.fill("#script", "produce 2\ncondition hcp(north) >= 12 and\n");
  await page.click("#run");
  await page.waitForSelector("#error:not([hidden])", { timeout: 10000 });
  const error = await page.textContent("#error");
  check(/^line \d+, column \d+: /.test(error), `the error names its line and column: ${error}`);
  check((await page.locator("#gutter .bad").count()) === 1, "the line marked in the editor");
  await page.screenshot({ path: path.join(out, "page-error.png"), fullPage: true });
  check(problems.length === 0, `no error in the page's console ${problems.join("; ")}`);
} finally {
  await browser.close();
}
