import { Readability } from "@mozilla/readability";
import { convert } from "html-to-text";
import { parseHTML } from "linkedom";

/**
 * @internal The readable part of an HTML page as plain text: Readability (Firefox's reader view) picks the
 * article, html-to-text renders it with paragraphs, lists and tables kept; the whole body is rendered when
 * Readability finds no article. Any string is accepted: an empty body or a bare fragment gives an empty
 * or plain text, never an exception.
 */
export function htmlToReadableText(html: string): { title: string; text: string } {
  let { document } = parseHTML(html);
  // linkedom builds no <html> element around text or a fragment, and Readability and `title` then
  // fail on the missing root ("Cannot destructure property 'firstElementChild'").
  if (document.documentElement?.localName !== "html") {
    ({ document } = parseHTML(`<!doctype html><html>${html}</html>`));
  }
  let title = "";
  try {
    title = document.title?.trim() ?? "";
  } catch {
    // A document linkedom could not give a root to: no title.
  }
  let article: { title?: string | null | undefined; content?: string | null | undefined } | null =
    null;
  try {
    article = new Readability(document as unknown as Document).parse();
  } catch {
    article = null;
  }
  const text = convert(article?.content ?? html, {
    wordwrap: false,
    selectors: [
      { selector: "a", options: { ignoreHref: true } },
      { selector: "img", format: "skip" },
      { selector: "script", format: "skip" },
      { selector: "style", format: "skip" },
      { selector: "nav", format: "skip" },
    ],
  }).trim();
  return { title: article?.title?.trim() || title, text };
}
