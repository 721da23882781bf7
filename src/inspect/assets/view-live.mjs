// The Live view: every call any toolbox of the inspected process finishes (an MCP server, an agent,
// this page's Try view), as it happens, with its repairs and timing.
import { followLive } from "./api.mjs";
import { duration, h, replace } from "./dom.mjs";

/** Calls kept in the page, newest first. */
const kept = 500;
/** @type {any[]} */
const calls = [];
let state = "connecting";
/** @type {HTMLElement | undefined} */
let shown;
let started = false;

/**
 * Connects to the live stream once, for the whole page: calls gather while another view is open.
 * @param {(count: number) => void} onCount
 */
export function startLive(onCount) {
  if (started) return;
  started = true;
  followLive(
    (call) => {
      if (calls.some((known) => known.seq === call.seq)) return;
      calls.unshift(call);
      if (calls.length > kept) calls.pop();
      onCount(calls.length);
      if (shown?.isConnected) draw(shown);
    },
    (next) => {
      state = next;
      if (shown?.isConnected) draw(shown);
    },
  );
}

/** @returns {HTMLElement} */
export function liveView() {
  shown = h("section", { class: "view live-view", id: "live-view" });
  draw(shown);
  return shown;
}

/** @param {HTMLElement} section */
function draw(section) {
  replace(
    section,
    h("h2", null, "Live calls"),
    h(
      "p",
      { class: "muted", id: "live-state" },
      `${state} · calls of every toolbox in the inspected process, newest first (the last ${kept})`,
    ),
    calls.length === 0
      ? h(
          "p",
          { class: "muted" },
          "No call yet. Calls made by an MCP server or an agent the module starts, or by Try a call, appear here.",
        )
      : h(
          "table",
          { class: "live", id: "live-calls" },
          h(
            "thead",
            null,
            h(
              "tr",
              null,
              ["time", "called", "ran", "took", "result", "repairs"].map((name) =>
                h("th", null, name),
              ),
            ),
          ),
          h(
            "tbody",
            null,
            calls.map((call) =>
              h(
                "tr",
                { class: call.code ? "failed" : undefined, "data-id": call.id },
                h("td", null, new Date(call.at).toLocaleTimeString()),
                h(
                  "td",
                  null,
                  h("code", null, call.name),
                  call.fromInspector ? h("span", { class: "badge" }, "inspector") : null,
                ),
                h("td", null, call.tool ? `${call.tool}.${call.activity}` : "–"),
                h("td", null, duration(call.durationMs)),
                h(
                  "td",
                  null,
                  call.artifactType,
                  call.code ? h("span", { class: "badge danger" }, call.code) : null,
                ),
                h(
                  "td",
                  null,
                  call.repairs.length === 0
                    ? "–"
                    : h(
                        "details",
                        null,
                        h("summary", null, String(call.repairs.length)),
                        h(
                          "ol",
                          null,
                          call.repairs.map((/** @type {any} */ repair) =>
                            h("li", null, h("code", null, repair.step), " ", repair.detail),
                          ),
                        ),
                      ),
                ),
              ),
            ),
          ),
        ),
  );
}
