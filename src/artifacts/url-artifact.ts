import type { ArtifactOptions } from "./base-artifact.js";
import { BaseUrlArtifact } from "./base-url-artifact.js";

/**
 * A link to something (a page, a file, an MCP resource): any absolute URL, whose text is the URL.
 * MCP results carry it as a `resource_link`; model providers see the URL as text.
 *
 * @example
 * ```ts
 * new UrlArtifact("https://example.com/report.pdf").toText(); // "https://example.com/report.pdf"
 * new UrlArtifact("report.pdf"); // ArtifactError: $.value: UrlArtifact needs an absolute URL …
 * ```
 */
export class UrlArtifact extends BaseUrlArtifact {
  readonly type = "UrlArtifact";

  constructor(value: string, options?: ArtifactOptions) {
    super(value, options, {
      type: "UrlArtifact",
      accepts: () => true,
      expected: "an absolute URL (with a scheme, such as https:)",
    });
  }
}
