// `npm run docs:screenshots`: starts `toolwright inspect` (from the sources) on the demo module, drives
// each view in Debian's Chromium and writes docs/images/inspect-*.png (1200×800), the pictures in
// docs/inspect.md and the README.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { launchChromium, root, runInspectCommand } from "../test/inspect/harness.js";
import { toPalettePng } from "./png-palette.js";

const images = join(root, "docs", "images");
// Relative to `root` (the working directory), as a user would type it: the page shows it.
const demo = "test/inspect/fixtures/demo-tools.ts";

/** The viewport as a 256-colour PNG: the pictures ship in the package, so every kilobyte counts. */
async function shoot(page: Page, name: string): Promise<void> {
  const path = join(images, `inspect-${name}.png`);
  const png = toPalettePng(await page.screenshot());
  await writeFile(path, png);
  console.log(`${path} (${(png.length / 1024).toFixed(0)} KB)`);
}

const dir = await mkdtemp(join(tmpdir(), "toolwright-screenshots-"));
const command = await runInspectCommand([demo, "--db", join(dir, "memory.db"), "--no-open"]);
const { url } = command;
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
  await page.goto(`${url}#tools/WeatherTool_forecast`);
  await page.waitForSelector("body[data-ready='true']");
  await shoot(page, "tools");

  await page.goto(`${url}#dialects/WeatherTool_forecast`);
  await page.waitForSelector("#dialects-view");
  await page.selectOption("#dialect-left", "openai-chat+strict");
  await page.selectOption("#dialect-right", "gemini+parameters");
  await page.locator(".columns").scrollIntoViewIfNeeded();
  await shoot(page, "dialects");

  await page.goto(`${url}#try/WeatherTool_forecast`);
  await page.waitForSelector("#try-view");
  await page.fill("#try-name", "weathertool.FORECAST");
  await page.fill("#try-arguments", "{'city': 'Lisbon', days: '2',}");
  await page.click("#try-run");
  await page.waitForSelector("#result");
  await page.locator(".call").scrollIntoViewIfNeeded();
  await shoot(page, "try");

  await page.goto(`${url}#try/ReportTool_report`);
  await page.waitForSelector("#try-view");
  await page.click("#mode-form");
  await page.fill("#schema-form input[name='company']", "ACME");
  await page.click("#try-run");
  await page.waitForSelector("#result");
  await page.goto(`${url}#memory`);
  await page.waitForSelector("#memory-view #namespaces");
  await page.fill("#memory-query", "revenue Lisbon");
  await page.click("#memory-search button[type='submit']");
  await page.waitForSelector("#search-results .hit");
  await shoot(page, "memory");

  await page.goto(`${url}#live`);
  await page.waitForSelector("#live-calls");
  await shoot(page, "live");
} finally {
  await browser.close();
  command.kill("SIGTERM");
  await rm(dir, { recursive: true, force: true });
}
