// The sidebar: every activity, filtered by what is typed, shown a page at a time so a toolbox of
// hundreds of activities costs the page no more than one of fifty.
import { h, replace } from "./dom.mjs";

const pageSize = 50;

/**
 * @typedef {{ nativeName: string, tool: string, activity: string, description: string, annotations: Record<string, boolean>, confirm: string[] }} Activity
 */

/**
 * Renders the list into `container`; `select(nativeName)` is called on a click.
 * @param {HTMLElement} container
 * @param {Activity[]} activities
 * @param {(nativeName: string) => void} select
 */
export function activityList(container, activities, select) {
  let filter = "";
  let page = 0;
  let selected = "";
  const list = h("ol", { class: "activity-list", id: "activity-list" });
  const pager = h("div", { class: "pager" });
  const input = h("input", {
    type: "search",
    id: "activity-filter",
    placeholder: `Filter ${activities.length} activities`,
    "aria-label": "Filter activities",
    oninput: () => {
      filter = /** @type {HTMLInputElement} */ (input).value.trim().toLowerCase();
      page = 0;
      render();
    },
  });
  replace(container, input, list, pager);

  const matching = () =>
    filter === ""
      ? activities
      : activities.filter((item) =>
          `${item.nativeName} ${item.tool} ${item.activity} ${item.description}`
            .toLowerCase()
            .includes(filter),
        );

  const render = () => {
    const found = matching();
    const pages = Math.max(1, Math.ceil(found.length / pageSize));
    page = Math.min(page, pages - 1);
    replace(
      list,
      found.slice(page * pageSize, (page + 1) * pageSize).map((item) =>
        h(
          "li",
          { class: item.nativeName === selected ? "selected" : undefined },
          h(
            "button",
            {
              type: "button",
              "data-name": item.nativeName,
              onclick: () => select(item.nativeName),
            },
            h("span", { class: "name" }, item.nativeName),
            item.confirm.length > 0
              ? h("span", { class: "badge warn", title: item.confirm.join("; ") }, "confirm")
              : null,
          ),
        ),
      ),
    );
    replace(
      pager,
      h("button", { type: "button", disabled: page === 0, onclick: () => turn(-1) }, "‹"),
      h(
        "span",
        null,
        `${found.length === 0 ? 0 : page * pageSize + 1}–${Math.min(found.length, (page + 1) * pageSize)} of ${found.length}`,
      ),
      h("button", { type: "button", disabled: page >= pages - 1, onclick: () => turn(1) }, "›"),
    );
  };
  /** @param {number} step */
  const turn = (step) => {
    page += step;
    render();
  };

  render();
  return {
    /**
     * Marks `nativeName` as the selected one, turning to its page.
     * @param {string} nativeName
     */
    mark(nativeName) {
      selected = nativeName;
      const index = matching().findIndex((item) => item.nativeName === nativeName);
      if (index >= 0) page = Math.floor(index / pageSize);
      render();
    },
  };
}
