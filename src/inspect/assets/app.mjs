// The inspector's page: loads the toolbox once, then shows one view at a time, chosen by the address's
// hash (#tools/<name>, #dialects/<name>, #try/<name>, #memory, #live), so views can be linked to.
import { activityList } from "./activity-list.mjs";
import { api } from "./api.mjs";
import { counted, h, replace } from "./dom.mjs";
import { dialectsView } from "./view-dialects.mjs";
import { liveView, startLive } from "./view-live.mjs";
import { memoryView } from "./view-memory.mjs";
import { toolsView } from "./view-tools.mjs";
import { tryView } from "./view-try.mjs";

const main = /** @type {HTMLElement} */ (document.getElementById("main"));
const sidebar = /** @type {HTMLElement} */ (document.getElementById("sidebar"));
const views = ["tools", "dialects", "try", "memory", "live"];
const perActivity = new Set(["tools", "dialects", "try"]);

try {
  const catalog = await api("/api/tools");
  /** @type {any[]} */
  const activities = catalog.tools.flatMap((/** @type {any} */ tool) => tool.activities);
  const byName = new Map(activities.map((activity) => [activity.nativeName, activity]));
  replace(
    /** @type {HTMLElement} */ (document.getElementById("source")),
    `${catalog.source} · ${counted(catalog.tools.length, "tool", "tools")} · ${counted(catalog.activityCount, "activity", "activities")} · memory: ${catalog.memory ?? "none"}`,
  );
  let selected = activities[0]?.nativeName ?? "";
  const list = activityList(sidebar, activities, (name) => {
    location.hash = `${currentView()}/${encodeURIComponent(name)}`;
  });
  const count = /** @type {HTMLElement} */ (document.getElementById("live-count"));
  startLive((calls) => {
    count.textContent = String(calls);
  });
  let drawing = 0;

  const route = async () => {
    const [view = "tools", name] = location.hash.slice(1).split("/");
    const current = views.includes(view) ? view : "tools";
    if (name !== undefined && byName.has(decodeURIComponent(name)))
      selected = decodeURIComponent(name);
    for (const tab of document.querySelectorAll("#tabs a")) {
      const tabView = /** @type {HTMLElement} */ (tab).dataset.view ?? "";
      tab.setAttribute("aria-current", String(tabView === current));
      tab.setAttribute(
        "href",
        perActivity.has(tabView) && selected !== ""
          ? `#${tabView}/${encodeURIComponent(selected)}`
          : `#${tabView}`,
      );
    }
    sidebar.hidden = !perActivity.has(current);
    const draw = ++drawing;
    const activity = byName.get(selected);
    if (perActivity.has(current) && activity === undefined) {
      replace(main, h("p", { class: "muted" }, "This toolbox has no enabled activity."));
      return;
    }
    if (perActivity.has(current)) list.mark(selected);
    let element;
    if (current === "tools") element = toolsView(activity, catalog);
    else if (current === "try") element = tryView(activity, catalog.dialects);
    else if (current === "live") element = liveView();
    else {
      replace(main, h("p", { class: "muted" }, "loading…"));
      element = current === "dialects" ? await dialectsView(selected) : await memoryView();
    }
    // A slow view must not overwrite a later one.
    if (draw === drawing) replace(main, element);
  };

  const currentView = () => {
    const view = location.hash.slice(1).split("/")[0] ?? "";
    return views.includes(view) ? view : "tools";
  };
  const show = () =>
    route().catch((error) =>
      replace(
        main,
        h("p", { class: "error" }, String(error instanceof Error ? error.message : error)),
      ),
    );

  window.addEventListener("hashchange", show);
  await show();
  // Milliseconds from navigation to the first view drawn: what the 200-activity test measures.
  performance.mark("inspect:ready");
  document.body.dataset.ready = "true";
} catch (error) {
  replace(
    main,
    h(
      "p",
      { class: "error", id: "load-error" },
      String(error instanceof Error ? error.message : error),
    ),
  );
  document.body.dataset.ready = "error";
}
