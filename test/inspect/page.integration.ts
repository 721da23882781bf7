// The inspector's page in a real browser (Debian's Chromium, headless, through playwright-core): each
// view driven as a person would, against an inspector running in this process.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { z } from "zod";
import { activity, Tool, Toolbox } from "../../src/index.js";
import type { NotesTool } from "./fixtures/demo-tools.js";
import { bfclToolbox, demoToolbox, type Inspected, inspect, launchChromium } from "./harness.js";

let browser: Browser;
let inspected: Inspected;
before(async () => {
  [browser, inspected] = await Promise.all([launchChromium(), inspect(demoToolbox())]);
});
after(async () => {
  await browser?.close();
  await inspected?.close();
});

const pageErrors = new WeakMap<Page, string[]>();

/** Closes a page opened by `open`, failing on any script error it had. */
async function done(page: Page): Promise<void> {
  await page.close();
  assert.deepEqual(pageErrors.get(page), [], "errors in the page");
}

/** A fresh page on the inspector, once its first view is drawn; script errors fail the test. */
async function open(hash = ""): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  pageErrors.set(page, errors);
  await page.goto(`${inspected.inspector.url}${hash}`);
  await page.waitForSelector("body[data-ready='true']");
  return page;
}

describe("toolwright inspect in a browser", () => {
  it("loads the page and opens a tool: description, annotations, policies, schema", async () => {
    const page = await open();
    assert.match((await page.textContent("#source")) ?? "", /demo-tools\.ts · \d+ tools/);
    await page.click("#activity-list button[data-name='WeatherTool_forecast']");
    await page.waitForSelector("#tools-view h2:text('WeatherTool_forecast')");
    assert.equal(await page.textContent("#description"), "Forecast for a city, 3 days by default");
    const policies = (await page.textContent(".policies")) ?? "";
    assert.match(policies, /time limit5 s \(set on the activity\)/);
    assert.match(policies, /in the Try viewruns at once/);
    assert.deepEqual(await page.locator(".tools-view .badge").allTextContents(), [
      "readOnly",
      "idempotent",
    ]);
    assert.ok(await page.locator(".json-key:text('\"minLength\"')").isVisible());
    assert.equal(
      await page
        .locator("#activity-list button[data-name='NotesTool_save_note'] .badge")
        .textContent(),
      "confirm",
    );
    await done(page);
  });

  it("compares two dialects side by side: changes marked, notes moved, a refusal's path", async () => {
    const page = await open("#dialects/WeatherTool_forecast");
    await page.waitForSelector("#dialects-view");
    await page.selectOption("#dialect-left", "anthropic+strict");
    await page.selectOption("#dialect-right", "gemini+parameters");
    const left = page.locator(".column[data-dialect='anthropic+strict']");
    const right = page.locator(".column[data-dialect='gemini+parameters']");
    assert.match(
      (await left.locator(".notes").textContent()) ?? "",
      /\$\.properties\.days.*maximum: 14/,
    );
    assert.ok((await right.locator(".mark-changed").count()) > 0, "gemini's changes are marked");
    assert.match((await right.locator("h3").textContent()) ?? "", /\d+ tokens/);
    assert.equal(await page.locator("#dialect-summary tbody tr").count(), 12);
    await page.click("#activity-list button[data-name='OutlineTool_check']");
    await page.waitForSelector("#dialects-view h2:text('OutlineTool_check')");
    const refusal =
      (await page.locator(".column[data-dialect='gemini+parameters'] .refusal").textContent()) ??
      "";
    assert.match(refusal, /refused: unsupported_by_dialect/);
    assert.match(refusal, /\$\.root/);
    assert.match(refusal, /recursive/);
    await page.selectOption("#dialect-left", "mcp");
    assert.equal(await page.locator(".column[data-dialect='mcp'] .refusal").count(), 0);
    assert.ok(await page.locator(".column[data-dialect='mcp'] .json").first().isVisible());
    await done(page);
  });

  it("takes a broken call (single quotes, a wrong-case name): repairs in order, the input, the image artifact", async () => {
    const page = await open("#try/ChartTool_draw");
    await page.fill("#try-name", "charttool.DRAW");
    await page.fill("#try-arguments", "{'values': [3, 7, '5'],}");
    await page.click("#try-decode");
    await page.waitForSelector("#final-input");
    assert.deepEqual(await page.locator("#repairs li code").allTextContents(), [
      "resolve-name",
      "repair-json",
      "coerce",
    ]);
    assert.equal(await page.locator("#result").count(), 0, "decoding runs nothing");
    await page.click("#try-run");
    await page.waitForSelector("#result");
    assert.match((await page.textContent("#final-input")) ?? "", /0: 3\s*1: 7\s*2: 5/);
    assert.equal(
      await page.locator("#result .artifact").getAttribute("data-type"),
      "ImageArtifact",
    );
    assert.match(
      (await page.textContent("#result .model-text")) ?? "",
      /^Image, format: png, size: \d+ bytes$/,
    );
    const width = await page
      .locator("#result img.preview")
      .evaluate((image) => (image as HTMLImageElement).naturalWidth);
    assert.equal(width, 36, "the PNG decoded: 3 bars of 12 pixels");
    assert.match((await page.getAttribute("#result a.download", "download")) ?? "", /^chart\.png$/);
    await done(page);
  });

  it("asks before running a destructive activity; Cancel runs nothing, Run it runs it", async () => {
    const notes = (inspected.toolbox.tool("NotesTool") as NotesTool).notes;
    const page = await open("#try/NotesTool_save_note");
    await page.fill("#try-arguments", '{"title": "groceries", "body": "eggs"}');
    await page.click("#try-run");
    await page.waitForSelector("#confirm[open]");
    assert.match((await page.textContent("#confirm")) ?? "", /NotesTool_save_note: destructive/);
    await page.click("#confirm-cancel");
    await page.waitForSelector("#needs-confirmation");
    assert.equal(notes.has("groceries"), false, "cancelled: nothing ran");
    await page.click("#try-run");
    await page.click("#confirm-run");
    await page.waitForSelector("#result");
    assert.match((await page.textContent("#result .model-text")) ?? "", /saved "groceries"/);
    assert.equal(notes.get("groceries"), "eggs");
    await done(page);
  });

  it("searches Task Memory: a form-run off-prompt report, its namespace, passages with the words marked", async () => {
    const page = await open("#try/ReportTool_report");
    await page.click("#mode-form");
    await page.fill("#schema-form input[name='company']", "Initech");
    await page.click("#try-run");
    await page.waitForSelector("#result");
    assert.match((await page.textContent("#result .model-text")) ?? "", /stored in memory/);
    await page.click("#tabs a[data-view='memory']");
    await page.waitForSelector("#memory-view #namespaces");
    assert.match((await page.textContent("#namespaces")) ?? "", /ReportTool\.report/);
    await page.fill("#memory-query", "revenue lisbon");
    await page.click("#memory-search button[type='submit']");
    await page.waitForSelector("#search-results .hit");
    const marks = await page
      .locator("#search-results .hit")
      .first()
      .locator("mark")
      .allTextContents();
    assert.deepEqual(marks, ["Revenue", "Lisbon"]);
    await page.locator("#search-results .hit .link").first().click();
    await page.waitForSelector("#namespace-page .page-text");
    assert.match((await page.textContent("#page-of")) ?? "", /^page \d+ of \d+ · characters/);
    await done(page);
  });

  it("shows, live, a call the same process makes elsewhere (as an MCP server or agent would)", async () => {
    const page = await open("#live");
    await page.waitForSelector("#live-state:text('connected')");
    await inspected.toolbox.execute({
      id: "elsewhere-1",
      name: "WeatherTool_forecast",
      arguments: '{"city": "Porto"}',
    });
    const row = page.locator("#live-calls tr[data-id='elsewhere-1']");
    await row.waitFor();
    assert.match((await row.textContent()) ?? "", /WeatherTool\.forecast.*JsonArtifact/);
    await done(page);
  });

  it("refuses the page without the token, and API requests from its own origin that lack it", async () => {
    const page = await browser.newPage();
    const bare = await page.goto(`${inspected.origin}/`);
    assert.equal(bare?.status(), 401);
    assert.match((await page.textContent("body")) ?? "", /Unauthorized: open the address/);
    const wrong = await page.goto(`${inspected.origin}/?token=not-the-token`);
    assert.equal(wrong?.status(), 401);
    // No helper functions inside: tsx names them with a `__name` the page does not have.
    const statuses = await page.evaluate(
      (tokens) =>
        Promise.all(
          tokens.map((token) =>
            fetch(
              "/api/tools",
              token === "" ? {} : { headers: { Authorization: `Bearer ${token}` } },
            ).then((response) => response.status),
          ),
        ),
      ["", "not-the-token", inspected.token],
    );
    assert.deepEqual(statuses, [401, 401, 200]);
    await page.close();
  });

  it("counts one tool as one, and shows a long activity name whole in the sidebar", async () => {
    class WarehouseInventoryReconciliationTool extends Tool {
      @activity({ description: "Reconciles every location", schema: z.object({}) })
      reconcile_all_locations() {
        return "done";
      }
    }
    const single = await inspect(
      new Toolbox([new WarehouseInventoryReconciliationTool()], { memoryTool: false }),
      "one.ts",
    );
    try {
      const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
      await page.goto(single.inspector.url);
      await page.waitForSelector("body[data-ready='true']");
      assert.match((await page.textContent("#source")) ?? "", /one\.ts · 1 tool · 1 activity ·/);
      const name = page.locator("#activity-list .name");
      assert.equal(
        await name.textContent(),
        "WarehouseInventoryReconciliationTool_reconcile_all_locations",
      );
      // Whole: nothing of it hidden past the sidebar's edge.
      const cut = await name.evaluate((element) => element.scrollWidth > element.clientWidth);
      assert.equal(cut, false);
      await page.close();
    } finally {
      await single.close();
    }
  });

  it("loads 200 activities quickly (measured, reported) and pages the list", async (t) => {
    const large = await inspect(bfclToolbox(200), "200 BFCL functions");
    try {
      const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
      await page.goto(large.inspector.url);
      await page.waitForSelector("body[data-ready='true']");
      const readyMs = await page.evaluate(
        () => performance.getEntriesByName("inspect:ready")[0]?.startTime ?? -1,
      );
      t.diagnostic(`200 activities: first view drawn ${readyMs.toFixed(0)} ms after navigation`);
      assert.ok(readyMs > 0);
      assert.equal(await page.locator("#activity-list li").count(), 50);
      assert.match((await page.textContent(".sidebar .pager")) ?? "", /1–50 of 200/);
      await page.fill("#activity-filter", "Bfcl199");
      assert.equal(await page.locator("#activity-list li").count(), 1);
      await page.close();
    } finally {
      await large.close();
    }
  });
});
