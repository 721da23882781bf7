// The inspector's server over plain HTTP: its guards (token, Host, Origin, repeated headers), the
// static files, and each API the page uses, on the demo toolbox.
import assert from "node:assert/strict";
import { connect } from "node:net";
import { after, before, describe, it } from "node:test";
import type { DialectComparison, DialectView } from "../../src/inspect/dialect-comparison.js";
import type { LiveCall } from "../../src/inspect/live-events.js";
import type { HighlightedHit, NamespacePage } from "../../src/inspect/memory-views.js";
import type { CatalogView } from "../../src/inspect/tool-catalog.js";
import type { TryResponse } from "../../src/inspect/try-call.js";
import type { NamespaceSummary } from "../../src/memory/artifact-store.js";
import type { NotesTool } from "./fixtures/demo-tools.js";
import { demoToolbox, type Inspected, inspect } from "./harness.js";

let inspected: Inspected;
before(async () => {
  inspected = await inspect(demoToolbox());
});
after(() => inspected.close());

/** A refusal's body. */
interface Refusal {
  readonly error: string;
}

/** `fetch` on the inspector, with the token unless `token: null`; the body parsed as a `T`. */
async function call<T = Refusal>(
  path: string,
  options: { body?: unknown; token?: string | null } = {},
): Promise<{ status: number; body: T }> {
  const token = options.token === undefined ? inspected.token : options.token;
  const response = await fetch(`${inspected.origin}${path}`, {
    ...(options.body === undefined ? {} : { method: "POST", body: JSON.stringify(options.body) }),
    headers: {
      ...(token === null ? {} : { Authorization: `Bearer ${token}` }),
      "Content-Type": "application/json",
    },
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // the page, or a plain-text refusal
  }
  return { status: response.status, body: body as T };
}

/** One request written byte for byte (fetch will not send a foreign Host or a header twice). */
function raw(lines: readonly string[]): Promise<number> {
  const { port } = new URL(inspected.origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString();
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      if (status !== null) {
        socket.destroy();
        resolve(Number(status[1]));
      }
    });
    socket.on("error", reject);
    socket.write(`${[...lines, "Connection: close"].join("\r\n")}\r\n\r\n`);
  });
}

/** A variant that accepted the activity (fails the test otherwise). */
function accepted(view: DialectView): Extract<DialectView, { ok: true }> {
  assert.ok(view.ok, `${view.label} refused the activity`);
  return view;
}

/** The one call of an answer, with its result. */
function only(answer: TryResponse) {
  const [outcome] = answer.calls;
  assert.ok(outcome !== undefined && answer.calls.length === 1, JSON.stringify(answer));
  return outcome;
}

describe("toolwright inspect over HTTP", () => {
  it("answers nothing without the token: the API and the page are 401, the right token opens both", async () => {
    const noToken = await call("/api/tools", { token: null });
    assert.equal(noToken.status, 401);
    assert.match(noToken.body.error, /Bearer <token>/);
    assert.equal((await call("/api/tools", { token: "wrong-token" })).status, 401);
    assert.equal((await call("/api/memory", { token: `${inspected.token}x` })).status, 401);
    const page = await fetch(`${inspected.origin}/`);
    assert.equal(page.status, 401);
    assert.match(await page.text(), /\?token=/);
    const opened = await fetch(inspected.inspector.url);
    assert.equal(opened.status, 200);
    assert.match(await opened.text(), /<script type="module" src="\/assets\/app\.mjs">/);
    assert.match(opened.headers.get("content-security-policy") ?? "", /default-src 'none'/);
    assert.equal(opened.headers.get("referrer-policy"), "no-referrer");
    assert.equal((await call("/api/tools")).status, 200);
  });

  it("refuses a foreign Host (DNS rebinding), a foreign Origin and a repeated header, token or not", async () => {
    const { host } = new URL(inspected.origin);
    const auth = `Authorization: Bearer ${inspected.token}`;
    assert.equal(await raw(["GET /api/tools HTTP/1.1", `Host: ${host}`, auth]), 200);
    assert.equal(await raw(["GET /api/tools HTTP/1.1", "Host: evil.example", auth]), 403);
    assert.equal(await raw(["GET /?token=x HTTP/1.1", "Host: evil.example"]), 403);
    assert.equal(
      await raw(["GET /api/tools HTTP/1.1", `Host: ${host}`, auth, "Origin: http://evil.example"]),
      403,
    );
    assert.equal(
      await raw(["GET /api/tools HTTP/1.1", `Host: ${host}`, auth, `Origin: ${inspected.origin}`]),
      200,
    );
    assert.equal(
      await raw(["GET /api/tools HTTP/1.1", `Host: ${host}`, "Host: evil.example", auth]),
      400,
    );
    assert.equal(
      await raw(["GET /api/tools HTTP/1.1", `Host: ${host}`, auth, "Authorization: Bearer x"]),
      400,
    );
  });

  it("serves the page's own script and style without the token, and nothing else", async () => {
    const script = await fetch(`${inspected.origin}/assets/app.mjs`);
    assert.equal(script.status, 200);
    assert.match(script.headers.get("content-type") ?? "", /^text\/javascript/);
    const style = await fetch(`${inspected.origin}/assets/inspect.css`);
    assert.match(style.headers.get("content-type") ?? "", /^text\/css/);
    for (const path of ["/assets/nope.mjs", "/assets/..%2Finspector.ts", "/assets/a/b.mjs", "/x"]) {
      assert.equal((await fetch(`${inspected.origin}${path}`)).status, 404, path);
    }
    assert.equal(
      (await fetch(`${inspected.origin}/assets/app.mjs`, { method: "POST" })).status,
      405,
    );
  });

  it("GET /api/tools: every activity with its rendered description, annotations, policies and schema", async () => {
    const { status, body } = await call<CatalogView>("/api/tools");
    assert.equal(status, 200);
    assert.equal(body.source, "demo-tools.ts");
    const activities = body.tools.flatMap((tool) => tool.activities);
    const byName = new Map(activities.map((entry) => [entry.nativeName, entry]));
    const forecast = byName.get("WeatherTool_forecast");
    assert.ok(forecast !== undefined);
    assert.equal(forecast.description, "Forecast for a city, 3 days by default");
    assert.deepEqual(forecast.annotations, { readOnly: true, idempotent: true });
    assert.deepEqual(forecast.timeout, { ms: 5000, from: "activity" });
    assert.deepEqual(forecast.confirm, []);
    assert.match(JSON.stringify(forecast.schema), /"city":\{"type":"string","minLength":2/);
    assert.deepEqual(byName.get("NotesTool_save_note")?.confirm, [
      "destructive",
      "not annotated readOnly: it may write",
    ]);
    assert.deepEqual(byName.get("ReportTool_report")?.outputMemory, ["TaskMemory"]);
    assert.equal(body.memory, "TaskMemory");
    assert.equal((body as unknown as { dialects: unknown[] }).dialects.length, 12);
  });

  it("GET /api/dialects: each variant's schema, what lowering changed or moved, refusals with their path", async () => {
    const forecast = await call<DialectComparison>("/api/dialects?activity=WeatherTool_forecast");
    assert.equal(forecast.status, 200);
    const variant = (body: DialectComparison, id: string) => {
      const found = body.variants.find((candidate) => candidate.id === id);
      assert.ok(found !== undefined, id);
      return found;
    };
    const strict = accepted(variant(forecast.body, "openai-chat+strict"));
    const city = strict.moved.find((moved) => moved.at === "$.properties.city");
    assert.match(city?.text ?? "", /minLength: 2/);
    assert.ok(
      strict.changes.some(
        (change) => change.at === "$.properties.city.minLength" && change.kind === "removed",
      ),
    );
    assert.match(JSON.stringify(strict.schema), /"city":\{"type":"string"/);
    assert.ok(strict.tokens.count > 0);
    const plain = accepted(variant(forecast.body, "json-schema+2020-12"));
    assert.deepEqual(plain.moved, []);
    assert.deepEqual(
      plain.changes.map((change) => change.at),
      ["$.$schema"],
    );
    const outline = await call<DialectComparison>("/api/dialects?activity=OutlineTool_check");
    const gemini = variant(outline.body, "gemini+parameters");
    assert.ok(!gemini.ok);
    assert.equal(gemini.error.code, "unsupported_by_dialect");
    assert.match(gemini.error.path, /^\$\.root/);
    assert.match(gemini.error.message, /recursive/);
    assert.equal((await call("/api/dialects?activity=weathertool_forecast")).status, 404);
    assert.equal((await call("/api/dialects")).status, 400);
  });

  it("POST /api/try: a broken call's repairs in order, the input the method gets, then the artifact", async () => {
    const broken = { name: "weathertool.FORECAST", arguments: "{'city': 'Lisbon', days: '2',}" };
    const decoded = await call<TryResponse>("/api/try", { body: broken });
    assert.equal(decoded.status, 200);
    const outcome = only(decoded.body);
    assert.deepEqual(
      outcome.prepared.repairs.map((repair) => repair.step),
      ["resolve-name", "repair-json", "coerce"],
    );
    assert.ok(outcome.prepared.ok);
    assert.deepEqual(outcome.prepared.input, { city: "Lisbon", days: 2, unit: "C" });
    assert.equal(outcome.result, undefined, "decoding runs nothing");
    const ran = await call<TryResponse>("/api/try", { body: { ...broken, run: true } });
    const result = only(ran.body).result;
    assert.equal(result?.artifact.type, "JsonArtifact");
    assert.equal(JSON.parse(result?.artifact.text ?? "{}").days.length, 2);
    assert.ok((result?.durationMs ?? -1) >= 0);
    const invalid = await call<TryResponse>("/api/try", {
      body: { name: "WeatherTool_forecast", arguments: { city: "L", days: 99 }, run: true },
    });
    const failed = only(invalid.body);
    assert.equal(failed.prepared.ok, false);
    assert.equal(failed.result?.artifact.code, "invalid_input");
    assert.match(failed.result?.artifact.text ?? "", /\$\.city/);
    assert.match(failed.result?.artifact.text ?? "", /\$\.days/);
  });

  it("POST /api/try runs a destructive activity only once confirmed: 409 and nothing run before", async () => {
    const notes = (inspected.toolbox.tool("NotesTool") as NotesTool).notes;
    const body = {
      name: "NotesTool_save_note",
      arguments: '{"title": "a", "body": "b"}',
      run: true,
    };
    const refused = await call<TryResponse>("/api/try", { body });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.ran, false);
    assert.match(refused.body.needsConfirmation ?? "", /destructive/);
    const prepared = only(refused.body).prepared;
    assert.ok(prepared.ok);
    assert.deepEqual(prepared.input, { title: "a", body: "b" });
    assert.equal(notes.size, 0, "nothing ran");
    const confirmed = await call<TryResponse>("/api/try", { body: { ...body, confirm: true } });
    assert.equal(confirmed.status, 200);
    assert.equal(only(confirmed.body).result?.artifact.text, 'saved "a" (1 notes)');
    assert.equal(notes.get("a"), "b");
  });

  it("POST /api/try opens a multi_tool_use.parallel wrapper: each call inside is shown and confirmed", async () => {
    const notes = (inspected.toolbox.tool("NotesTool") as NotesTool).notes;
    const wrapper = {
      name: "multi_tool_use.parallel",
      arguments: {
        tool_uses: [
          { recipient_name: "functions.WeatherTool_forecast", parameters: { city: "Oslo" } },
          {
            recipient_name: "functions.NotesTool_save_note",
            parameters: { title: "w", body: "x" },
          },
        ],
      },
      run: true,
    };
    const refused = await call<TryResponse>("/api/try", { body: wrapper });
    assert.equal(refused.status, 409, "execute would have run the destructive call inside");
    assert.deepEqual(
      refused.body.calls.map((outcome) => [outcome.wrapper, outcome.confirm.length > 0]),
      [
        ["multi_tool_use.parallel", false],
        ["multi_tool_use.parallel", true],
      ],
    );
    assert.equal(notes.has("w"), false);
    const confirmed = await call<TryResponse>("/api/try", { body: { ...wrapper, confirm: true } });
    assert.equal(confirmed.status, 200);
    assert.equal(notes.get("w"), "x");
    const empty = await call<TryResponse>("/api/try", {
      body: { name: "multi_tool_use.parallel", arguments: { calls: "?" }, run: true },
    });
    assert.equal(only(empty.body).result?.artifact.code, "unknown_tool");
  });

  it("POST /api/try reads a whole raw reply: complete calls run, a cut-off call is refused and never run", async () => {
    const notes = (inspected.toolbox.tool("NotesTool") as NotesTool).notes;
    const before = notes.size;
    const reply =
      'Sure.\n<tool_call>{"name": "WeatherTool_forecast", "arguments": {"city": "Oslo", "days": 1}}</tool_call>\n<tool_call>{"name": "NotesTool_save_note", "arguments": {"title": "x"';
    const { status, body } = await call<TryResponse>("/api/try", {
      body: { reply, run: true, confirm: true },
    });
    assert.equal(status, 200);
    assert.equal(body.format, "hermes");
    assert.equal(body.text, "Sure.");
    assert.equal(only(body).result?.artifact.type, "JsonArtifact");
    assert.equal(body.refused.length, 1);
    assert.match(body.refused[0]?.reason ?? "", /cut off/);
    assert.equal(notes.size, before, "the cut-off call never ran");
  });

  it("POST /api/try refuses what it cannot read as asked, saying what to send", async () => {
    const cases: [unknown, RegExp][] = [
      [{}, /either `name`/],
      [{ name: "x", reply: "y" }, /either `name`/],
      [{ reply: 1 }, /`reply` must be a string/],
      [
        { name: "WeatherTool_forecast", dialect: "openai" },
        /unknown dialect "openai"; one of openai-chat/,
      ],
      [{ reply: "x", format: "nope" }, /unknown format "nope"; known: /],
      [{ name: "WeatherTool_forecast", run: "yes" }, /`run` must be true or false/],
    ];
    for (const [body, message] of cases) {
      const answer = await call("/api/try", { body });
      assert.equal(answer.status, 400, JSON.stringify(body));
      assert.match(answer.body.error, message);
    }
    const notJson = await fetch(`${inspected.origin}/api/try`, {
      method: "POST",
      headers: { Authorization: `Bearer ${inspected.token}` },
      body: "{",
    });
    assert.equal(notJson.status, 400);
    assert.equal((await call("/api/tools", { body: {} })).status, 405);
    assert.equal((await call("/api/nothing")).status, 404);
  });

  it("memory: an off-prompt result's namespace, its pages, and BM25 search with the words marked", async () => {
    const ran = await call<TryResponse>("/api/try", {
      body: { name: "ReportTool_report", arguments: { company: "ACME" }, run: true },
    });
    assert.match(only(ran.body).result?.artifact.text ?? "", /stored in memory/);
    const { body: listed } = await call<{ memory: string; namespaces: NamespaceSummary[] }>(
      "/api/memory",
    );
    assert.equal(listed.memory, "TaskMemory");
    const namespace = listed.namespaces.find((entry) => entry.source === "ReportTool.report");
    assert.ok(namespace !== undefined, JSON.stringify(listed));
    const page = (number: number) =>
      call<NamespacePage>(`/api/memory/namespace?name=${namespace.namespace}&page=${number}`);
    const first = (await page(0)).body;
    assert.equal(first.kind, "text");
    assert.ok(first.text?.startsWith("ACME annual report."));
    assert.equal(first.pages, Math.ceil(namespace.length / 4000));
    assert.equal((await page(1)).body.offset, 4000);
    assert.equal((await call("/api/memory/namespace?name=nope")).status, 404);
    const found = await call<{ terms: string[]; hits: HighlightedHit[] }>(
      "/api/memory/search?q=revenue%20Lisbon&limit=3",
    );
    assert.deepEqual(found.body.terms, ["revenue", "lisbon"]);
    const [hit] = found.body.hits;
    assert.ok(hit !== undefined);
    const marked = hit.marks.map(([start, end]) => hit.text.slice(start, end));
    assert.deepEqual(marked, ["Revenue", "Lisbon"]);
    assert.equal((await call("/api/memory/search?q=")).status, 400);
  });

  it("GET /api/live streams every call this process makes, as server-sent events", async () => {
    const stop = new AbortController();
    const response = await fetch(`${inspected.origin}/api/live`, {
      headers: { Authorization: `Bearer ${inspected.token}` },
      signal: stop.signal,
    });
    assert.match(response.headers.get("content-type") ?? "", /^text\/event-stream/);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    // Not through the API: any toolbox of the process, as an MCP server or an agent would call it.
    await inspected.toolbox.execute({
      id: "direct-1",
      name: "weathertool_forecast",
      arguments: '{"city": "Rome"}',
    });
    let text = "";
    while (!text.includes('"id":"direct-1"')) {
      const { value, done } = await reader.read();
      assert.ok(!done, "the stream ended early");
      text += decoder.decode(value, { stream: true });
    }
    stop.abort();
    const event = text.split("\n\n").find((block) => block.includes('"id":"direct-1"')) ?? "";
    assert.match(event, /^id: \d+\nevent: call\ndata: /);
    const data = JSON.parse(event.slice(event.indexOf("data: ") + 6)) as LiveCall;
    assert.equal(data.tool, "WeatherTool");
    assert.equal(data.activity, "forecast");
    assert.equal(data.artifactType, "JsonArtifact");
    assert.deepEqual(
      data.repairs.map((repair) => repair.step),
      ["resolve-name"],
    );
    assert.equal(data.fromInspector, false);
  });
});
