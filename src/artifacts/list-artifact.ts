import { ArtifactError } from "../errors/artifact-error.js";
import { describeReceived } from "../internal/describe-value.js";
import { aString } from "../internal/option-rules.js";
import type { JsonObject, JsonValue } from "../schema/json.js";
import type { Artifact } from "./artifact.js";
import { artifactOptionRules, checkArtifactOptions } from "./artifact-options.js";
import { type ArtifactOptions, BaseArtifact, hasArtifactBrand } from "./base-artifact.js";

/**
 * Options of a {@link ListArtifact}.
 *
 * @example
 * ```ts
 * const options: ListArtifactOptions = { itemSeparator: "\n---\n" };
 * ```
 */
export interface ListArtifactOptions extends ArtifactOptions {
  /** Joins the items' texts; `"\n\n"` by default. */
  itemSeparator?: string;
}

const optionRules = { ...artifactOptionRules, itemSeparator: aString };

/**
 * Several artifacts as one result (search hits, chunks of a page).
 *
 * @example
 * ```ts
 * new ListArtifact([new TextArtifact("foo"), new TextArtifact("bar")]).toText(); // "foo\n\nbar"
 * ```
 */
export class ListArtifact extends BaseArtifact<readonly Artifact[]> {
  readonly type = "ListArtifact";
  readonly itemSeparator: string;

  constructor(items: readonly Artifact[], options: ListArtifactOptions = {}) {
    checkArtifactOptions("ListArtifact", options, optionRules);
    if (!Array.isArray(items)) {
      throw new ArtifactError({
        path: "items",
        message: `must be an array of artifacts; got ${describeReceived(items)}`,
      });
    }
    items.forEach((item, index) => {
      if (!hasArtifactBrand(item)) {
        throw new ArtifactError({ path: `$.value[${index}]`, message: "is not an artifact" });
      }
    });
    super([...items], options);
    this.itemSeparator = options.itemSeparator ?? "\n\n";
  }

  /** True when the list holds at least one item. */
  get hasItems(): boolean {
    return this.value.length > 0;
  }

  toText(): string {
    return this.value.map((item) => item.toText()).join(this.itemSeparator);
  }

  protected valueToJSON(): JsonValue {
    return this.value.map((item) => item.toJSON() as unknown as JsonObject);
  }

  protected override extraJSON(): JsonObject {
    return { itemSeparator: this.itemSeparator };
  }
}
