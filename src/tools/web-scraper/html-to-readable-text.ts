import { Readability } from "@mozilla/readability";
import { convert } from "html-to-text";
import { parseHTML } from "linkedom";

/**
 * @internal The readable part of an HTML page as plain text: Readability (Firefox's reader view) picks the
 * article, html-to-text renders it with paragraphs, lists and tables kept; the whole body is rendered when
 * Readability finds no article.
 */
export function htmlToReadableText(html: string): { title: string; text: string } {
  const { document } = parseHTML(html);
  const title = document.title?.trim() ?? "";
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
