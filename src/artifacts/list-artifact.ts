import { ArtifactError } from "../errors/artifact-error.js";
import type { JsonObject, JsonValue } from "../schema/json.js";
import type { Artifact } from "./artifact.js";
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
