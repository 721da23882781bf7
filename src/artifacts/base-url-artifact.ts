import { ArtifactError } from "../errors/artifact-error.js";
import { describeReceived } from "../internal/describe-value.js";
import type { JsonValue } from "../schema/json.js";
import { checkArtifactOptions } from "./artifact-options.js";
import { type ArtifactOptions, BaseArtifact } from "./base-artifact.js";

/**
 * What a URL artifact holds: an absolute URL, whose text is the URL itself. Artifacts never fetch:
 * `toBytes()` is the URL's text, where Griptape's downloads the content.
 *
 * @example
 * ```ts
 * const url: BaseUrlArtifact = new UrlArtifact("https://example.com/report.pdf");
 * url.toText(); // "https://example.com/report.pdf"
 * ```
 */
export abstract class BaseUrlArtifact extends BaseArtifact<string> {
  protected constructor(
    value: string,
    options: ArtifactOptions | undefined,
    check: { type: string; accepts: (url: URL) => boolean; expected: string },
  ) {
    checkArtifactOptions(check.type, options);
    if (typeof value !== "string") {
      throw new ArtifactError({
        path: "$.value",
        message: `expected a URL string; got ${describeReceived(value)}`,
      });
    }
    const url = URL.parse(value);
    if (url === null || !check.accepts(url)) {
      throw new ArtifactError({
        path: "$.value",
        message: `${check.type} needs ${check.expected}; got ${JSON.stringify(value.slice(0, 80))}`,
      });
    }
    super(value, options);
  }

  toText(): string {
    return this.value;
  }

  protected valueToJSON(): JsonValue {
    return this.value;
  }
}
