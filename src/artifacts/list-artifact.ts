import { ArtifactError } from "../errors/artifact-error.js";
import { describeReceived } from "../internal/describe-value.js";
import { aBoolean, aString } from "../internal/option-rules.js";
import type { JsonObject, JsonValue } from "../schema/json.js";
import type { Artifact, ArtifactType } from "./artifact.js";
import { artifactOptionRules, checkArtifactOptions } from "./artifact-options.js";
import { type ArtifactOptions, BaseArtifact, hasArtifactBrand } from "./base-artifact.js";

/**
 * Options of a {@link ListArtifact}.
 *
 * @example
 * ```ts
 * const options: ListArtifactOptions = { itemSeparator: "\n---\n", validateUniformTypes: true };
 * ```
 */
export interface ListArtifactOptions extends ArtifactOptions {
  /** Joins the items' texts; `"\n\n"` by default. */
  itemSeparator?: string;
  /** Throw an `ArtifactError` unless every item has the first item's `type` (Griptape's `validate_uniform_types`); off by default. */
  validateUniformTypes?: boolean;
}

const optionRules = {
  ...artifactOptionRules,
  itemSeparator: aString,
  validateUniformTypes: aBoolean,
};

/** A class of artifacts, for {@link ListArtifact.isType}. */
type ArtifactClass = abstract new (...args: never[]) => BaseArtifact;

/**
 * Several artifacts as one result (search hits, chunks of a page); iterable like an array.
 *
 * @example
 * ```ts
 * const list = new ListArtifact([new TextArtifact("foo"), new TextArtifact("bar")]);
 * list.toText(); // "foo\n\nbar"
 * for (const item of list) console.log(item.value);
 * ```
 */
export class ListArtifact<Item extends Artifact = Artifact> extends BaseArtifact<readonly Item[]> {
  readonly type = "ListArtifact";
  readonly itemSeparator: string;
  readonly validateUniformTypes: boolean;

  constructor(items: readonly Item[] = [], options: ListArtifactOptions = {}) {
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
    const first = items[0];
    if (options.validateUniformTypes === true && first !== undefined) {
      const index = items.findIndex((item) => item.type !== first.type);
      if (index !== -1) {
        throw new ArtifactError({
          path: `$.value[${index}]`,
          message: `is a ${items[index]?.type} but the list holds ${first.type}s only (validateUniformTypes)`,
        });
      }
    }
    super([...items], options);
    this.itemSeparator = options.itemSeparator ?? "\n\n";
    this.validateUniformTypes = options.validateUniformTypes ?? false;
  }

  /** True when the list holds at least one item. */
  get hasItems(): boolean {
    return this.value.length > 0;
  }

  /** The number of items. */
  get length(): number {
    return this.value.length;
  }

  /** The first item's `type`, or `undefined` for an empty list (Griptape's `child_type`). */
  get childType(): ArtifactType | undefined {
    return this.value[0]?.type;
  }

  /**
   * True when the list is not empty and its first item is of `kind`: a `type` name or a class.
   *
   * @example
   * ```ts
   * new ListArtifact([new TextArtifact("a")]).isType("TextArtifact"); // true
   * new ListArtifact([new TextArtifact("a")]).isType(TextArtifact); // true
   * ```
   */
  isType(kind: ArtifactType | ArtifactClass): boolean {
    const first = this.value[0];
    if (first === undefined) return false;
    return typeof kind === "string" ? first.type === kind : first instanceof kind;
  }

  /**
   * A new list of this list's items followed by `other`'s (Griptape's `+`), with the default options.
   *
   * @example
   * ```ts
   * new ListArtifact([a]).concat(new ListArtifact([b])).length; // 2
   * ```
   */
  concat<Other extends Artifact>(other: ListArtifact<Other>): ListArtifact<Item | Other> {
    return new ListArtifact<Item | Other>([...this.value, ...other.value]);
  }

  [Symbol.iterator](): Iterator<Item> {
    return this.value[Symbol.iterator]();
  }

  toText(): string {
    return this.value.map((item) => item.toText()).join(this.itemSeparator);
  }

  protected valueToJSON(): JsonValue {
    return this.value.map((item) => item.toJSON() as unknown as JsonObject);
  }

  protected override extraJSON(): JsonObject {
    return {
      itemSeparator: this.itemSeparator,
      ...(this.validateUniformTypes ? { validateUniformTypes: true } : {}),
    };
  }
}
