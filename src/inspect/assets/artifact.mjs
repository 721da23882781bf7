// An artifact as the page shows it: its kind, the text a model reads back, its JSON form, and an
// image preview or a download for bytes.
import { h } from "./dom.mjs";
import { jsonTree } from "./json-tree.mjs";

/**
 * @param {any} artifact an ArtifactView from the API
 * @returns {HTMLElement}
 */
export function artifactView(artifact) {
  const error = artifact.type === "ErrorArtifact";
  const data = artifact.data;
  const url = data ? `data:${data.mimeType};base64,${data.base64}` : undefined;
  return h(
    "div",
    { class: `artifact${error ? " is-error" : ""}`, "data-type": artifact.type },
    h(
      "div",
      { class: "badges" },
      h("span", { class: `badge ${error ? "danger" : "ok"}` }, artifact.type),
      artifact.code ? h("span", { class: "badge danger code" }, artifact.code) : null,
    ),
    h("h4", null, error ? "What the model reads back" : "Text the model reads"),
    h("pre", { class: "model-text" }, artifact.text),
    data?.mimeType.startsWith("image/")
      ? h("img", { class: "preview", src: url, alt: artifact.name })
      : null,
    data?.mimeType.startsWith("audio/") ? h("audio", { controls: true, src: url }) : null,
    data
      ? h(
          "p",
          null,
          h(
            "a",
            { href: url, download: data.fileName, class: "download" },
            `Download ${data.fileName} (${data.size} bytes)`,
          ),
        )
      : null,
    artifact.items
      ? h(
          "div",
          { class: "items" },
          h(
            "h4",
            null,
            `Items (${artifact.items.length}${artifact.moreItems ? ` of ${artifact.items.length + artifact.moreItems}` : ""})`,
          ),
          artifact.items.map((/** @type {any} */ item) => artifactView(item)),
        )
      : null,
    h(
      "details",
      { class: "artifact-json" },
      h("summary", null, "JSON (toJSON())"),
      jsonTree(artifact.json, { openDepth: 1 }),
    ),
  );
}
