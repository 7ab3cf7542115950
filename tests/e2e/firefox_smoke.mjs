// Firefox ESR smoke test over WebDriver BiDi (Puppeteer): the app becomes ready, a move by clicks,
// a reload restores it, an offline reload plays, Back returns to a game left, the embed opens (and offers its
// address where a sandboxed frame may open no tab), a press held
// while the board is drawn again still clicks, and the computer answers from its worker.
//   node tests/e2e/firefox_smoke.mjs http://127.0.0.1:PORT/
// Run by tests/e2e/test_firefox.py against the built app.  Prints each step; exits 1 on the first failure,
// or at the end if the page raised an error, logged a console error or warning (none is expected), got an HTTP
// error or asked for anything outside its origin.  FIREFOX names the browser (default Debian's firefox-esr).
import puppeteer from "puppeteer-core";

const [url] = process.argv.slice(2);
if (!url) {
  console.error("usage: node tests/e2e/firefox_smoke.mjs http://127.0.0.1:PORT/");
  process.exit(2);
}
const origin = new URL(url).origin + "/";
const READY_MS = 120_000;  // Pyodide starts in 5-10 s on a busy machine; a cold Firefox start is slower

const problems = [];  // what fails the test at the end
const started = Date.now();
const step = text => console.log(`${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s  ${text}`);

function check(condition, text) {
  if (!condition) throw new Error(text);
}

function watch(page) {
  page.on("console", message => {
    if (["error", "warn"].includes(message.type())) problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", error => problems.push(`page error: ${error.message ?? error}`));
  page.on("request", request => {
    const address = request.url();
    if (!address.startsWith(origin) && !/^(data|blob):/.test(address)) problems.push(`foreign request: ${address}`);
  });
  page.on("response", response => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()} ${response.url()}`);
  });
}

// Where a start that never became ready stopped, for the failure's message: which way Python was started
// (data-python: none yet means its worker never answered), from what (data-interpreter), what the board says.
const whereItStopped = page => page.evaluate(() => JSON.stringify({
  ...document.documentElement.dataset, board: document.querySelector("#board .loading")?.textContent,
})).catch(error => `(the page did not answer: ${error.message})`);

async function ready(page, access = true) {
  await page.waitForSelector("html[data-ready]", {timeout: READY_MS}).catch(async error => {
    throw new Error(`${error.message}: the page stopped at ${await whereItStopped(page)}`);
  });
  if (access) await page.waitForFunction("window.pyramidsAccess", {timeout: READY_MS});
}

const moves = page => page.$$eval("#moves button[data-notation]", els => els.map(e => e.dataset.notation));

// A locator, not page.click: it waits for the location and tries again should a redraw replace it between finding
// and clicking (the board is labelled anew once the page is ready; CI once failed "Node is detached from document").
async function play(page, ...cells) {
  for (const cell of cells) await page.locator(`#board [data-cell="${cell}"]`).click();
}

// The mouse pressed on `cell`, the board drawn again meanwhile (as the answer to the click before it, or the
// computer's move landing, draws it), then released: no browser clicks then, so the page does (static/bridge.js).
async function pressAcrossADrawing(page, cell) {
  let box = null;  // none where a redraw replaced the location meanwhile: found again
  while (!box) box = await (await page.waitForSelector(`#board [data-cell="${cell}"]`)).boundingBox().catch(() => null);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.evaluate(() => window.pyramidsBridge.apply([
    ["set", "board", {innerHTML: document.getElementById("board").innerHTML}]]));
  await page.mouse.up();
}

async function waitMoves(page, expected, what) {
  try {
    await page.waitForFunction(
      want => JSON.stringify([...document.querySelectorAll("#moves button[data-notation]")]
        .map(e => e.dataset.notation)) === want, {timeout: 10_000}, JSON.stringify(expected));
  } catch {
    const message = await page.$eval("#message", e => e.textContent).catch(() => "?");
    throw new Error(`${what}: the moves are ${JSON.stringify(await moves(page))}, not ${JSON.stringify(expected)}`
                    + ` (message: ${JSON.stringify(message)})`);
  }
}

const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: process.env.FIREFOX || "/usr/bin/firefox-esr",
  headless: true,  // and a fresh temporary profile, removed on close
  protocolTimeout: READY_MS,
});
let failed = false;
try {
  step(`${await browser.version()} over WebDriver BiDi`);
  const page = await browser.newPage();
  await page.setViewport({width: 1200, height: 850});
  watch(page);

  await page.goto(url);
  await ready(page);
  step("the app is ready");

  await play(page, "d3", "e4");
  await waitMoves(page, ["d3-e4"], "a move by clicks");
  step("a move by clicks: d3-e4");

  await page.reload();  // the address now holds the moves (#...&m=d3-e4)
  await ready(page);
  await waitMoves(page, ["d3-e4"], "after a reload");
  await page.goto(url);  // no fragment: the game comes from the browser's storage
  await ready(page);
  await waitMoves(page, ["d3-e4"], "a bare visit after a reload");
  step("a reload restores the game, and so does a bare visit (from storage)");

  await page.waitForFunction("navigator.serviceWorker.controller !== null", {timeout: READY_MS});
  step("the service worker controls the page (the app is cached)");
  await page.setOfflineMode(true);
  // The emulation is on: the page reaches nothing but what the service worker serves (README.md it does not).
  check(await page.evaluate(() => fetch("README.md").then(() => false, () => true)),
        "offline emulation: a fetch of a file outside the app still reached the server");
  await page.reload();
  await ready(page);
  await waitMoves(page, ["d3-e4"], "after an offline reload");
  await play(page, "e6", "f5");
  await waitMoves(page, ["d3-e4", "e6-f5"], "a move offline");
  step("an offline reload restores the game and plays: e6-f5");
  await page.setOfflineMode(false);

  await page.evaluate(() => { window.sameDocument = true; });  // Back to an earlier visit would lose it
  await page.locator('#picker [data-game="ice-towers"]').click();
  await page.waitForSelector('#board[data-game="ice-towers"]', {timeout: READY_MS});
  await page.evaluate(() => history.back());  // the page's Python opens the link as it hears the hashchange
  await page.waitForSelector('#board[data-game="ice-lady"]', {timeout: READY_MS});
  await waitMoves(page, ["d3-e4", "e6-f5"], "Back after another game was chosen");
  check(await page.evaluate(() => window.sameDocument), "Back left the page: choosing a game made no history entry");
  await page.evaluate(() => history.forward());
  await page.waitForSelector('#board[data-game="ice-towers"]', {timeout: READY_MS});
  step("another game chosen: Back returns to the game left, Forward to the one chosen");

  await page.goto(new URL("embed.html#v=1&g=ice-lady&m=d3-e4+e6-f5&ply=1", url).href);
  await ready(page, false);
  check(await page.$eval("#ply", e => e.textContent) === "1/2", "the embed opens at move 1 of 2");
  await page.click("#next");
  await page.waitForFunction("document.getElementById('ply').textContent === '2/2'", {timeout: 10_000});
  step("the embed opens and steps to the next move");

  // A wiki's frame sandboxed without allow-popups: Firefox throws at window.open where Chromium returns null, and
  // "Open in the full app" did nothing at all; the address is offered to copy instead.
  await page.evaluate(src => {
    const frame = Object.assign(document.createElement("iframe"), {id: "sandboxed", src, width: 400, height: 500});
    frame.setAttribute("sandbox", "allow-scripts allow-same-origin");
    document.body.append(frame);
  }, new URL("embed.html#v=1&g=ice-lady&m=d3-e4+e6-f5&ply=1", url).href);
  const sandboxed = await (await page.waitForSelector("#sandboxed")).contentFrame();
  await (await sandboxed.waitForSelector("#open", {timeout: 30_000})).click();
  const address = await sandboxed.waitForSelector(".address input", {timeout: 10_000});
  check((await address.evaluate(field => field.value)).includes("m=d3-e4+e6-f5"),
        "the address to copy is not the game's");
  step("a sandboxed frame's Open in the full app offers the address to copy");

  await page.goto(new URL("#v=1&g=ice-lady&m=&bots=black:easy", url).href);  // from the embed: a new page
  await ready(page);
  await play(page, "d3");
  await pressAcrossADrawing(page, "e4");
  await page.waitForFunction("document.querySelectorAll('#moves button[data-notation]').length === 2",
                             {timeout: READY_MS});
  check(await page.evaluate(() => document.documentElement.dataset.botWorker) === undefined,
        "the computer thought on the page, not in its worker (static/bot-worker.js)");
  check((await moves(page))[0] === "d3-e4", "a press held while the board was drawn again did not move");
  step("a press held while the board is drawn again clicks; the computer answers from its worker");
} catch (error) {
  failed = true;
  console.log(`FAILED: ${error.message ?? error}`);
} finally {
  await browser.close();
}
for (const problem of problems) console.log(`FAILED: ${problem}`);
process.exit(failed || problems.length ? 1 : 0);
