// One browser session for the bench (tests/bench/engines.py): a cold load of URL on a fresh temporary
// profile, then a warm load in the same browser (with `worker`: once the page's service worker controls it).
//   node tests/bench/puppeteer_loads.mjs chrome|firefox EXECUTABLE URL worker|no-worker [BROWSER ARGS...]
// Prints {"version", "cold", "warm"}, each load what tests/bench/probe.js measured, as JSON.
import {readFileSync} from "node:fs";
import puppeteer from "puppeteer-core";

const [browserName, executablePath, url, worker, ...args] = process.argv.slice(2);
const PROBE = readFileSync(new URL("probe.js", import.meta.url), "utf8");
const READY_MS = 300_000;

async function load(page) {
  await page.goto(url, {waitUntil: "domcontentloaded", timeout: READY_MS});
  await page.waitForFunction("window.__probe && __probe.done", {timeout: READY_MS, polling: 200});
  return await page.evaluate("__probe");
}

const browser = await puppeteer.launch({browser: browserName, executablePath, args, headless: true,
                                        protocolTimeout: READY_MS});
try {
  const page = await browser.newPage();
  await page.setViewport({width: 1200, height: 850});
  await page.evaluateOnNewDocument(PROBE);
  const cold = await load(page);
  if (worker === "worker")
    await page.waitForFunction("navigator.serviceWorker.controller !== null", {timeout: READY_MS, polling: 500});
  await page.goto("about:blank");
  const warm = await load(page);
  console.log(JSON.stringify({version: await browser.version(), cold, warm}));
} finally {
  await browser.close();
}
