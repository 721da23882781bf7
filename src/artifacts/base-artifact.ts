import { randomHexId } from "../internal/random-id.js";
import type { JsonObject, JsonValue } from "../schema/json.js";

const brand = Symbol.for("toolwright.artifact");

/**
 * Options every artifact accepts.
 *
 * @example
 * ```ts
 * new TextArtifact("hi", { name: "greeting", meta: { lang: "en" } });
 * ```
 */
export interface ArtifactOptions {
  /** Unique id; a random 32-hex-digit id by default. */
  id?: string;
  /** Name; the id by default. Task Memory uses it as the namespace. */
  name?: string;
  /** Free-form JSON metadata. */
  meta?: JsonObject;
}

/**
 * The JSON form of an artifact, as `toJSON()` returns it and `artifactFromJSON` accepts it.
 *
 * @example
 * ```ts
 * const json: ArtifactJSON = new TextArtifact("hi").toJSON();
 * ```
 */
export interface ArtifactJSON {
  type: string;
  id: string;
  name: string;
  value: JsonValue;
  meta: JsonObject;
  [field: string]: JsonValue;
}

/**
 * The one base class of every artifact: an id, a name, a value, metadata and a text form.
 *
 * @example
 * ```ts
 * const artifact: BaseArtifact = new TextArtifact("hello");
 * artifact.toText(); // "hello"
 * ```
 */
export abstract class BaseArtifact<Value = unknown> {
  /** Discriminant, also the `type` field of the JSON form. */
  abstract readonly type: string;
  readonly value: Value;
  readonly meta: JsonObject;
  /** @internal Brand checked by `isArtifact`; survives duplicate package copies. */
  declare readonly [brand]: true;

  #id: string | undefined;
  readonly #name: string | undefined;

  protected constructor(value: Value, options?: ArtifactOptions, defaultName?: string) {
    this.#id = options?.id;
    this.#name = options?.name ?? defaultName;
    this.value = value;
    this.meta = options?.meta ?? {};
  }

  /** Unique id: the one given, else a random 32-hex-digit id drawn on first read (most are never read). */
  get id(): string {
    this.#id ??= randomHexId();
    return this.#id;
  }

  /** Name: the one given, else the id. Task Memory uses it as the namespace. */
  get name(): string {
    return this.#name ?? this.id;
  }

  /** The text a model sees for this artifact. */
  abstract toText(): string;

  /**
   * The artifact as bytes: its text in UTF-8 here; bytes artifacts give their bytes, and a
   * `TextArtifact` uses its `encoding`.
   *
   * @example
   * ```ts
   * new InfoArtifact("ok").toBytes(); // Uint8Array [111, 107]
   * ```
   */
  toBytes(): Uint8Array {
    return new TextEncoder().encode(this.toText());
  }

  /** The JSON value stored in `toJSON().value`. */
  protected abstract valueToJSON(): JsonValue;

  /** Kind-specific fields added to the JSON form. */
  protected extraJSON(): JsonObject {
    return {};
  }

  /**
   * A JSON-serialisable form that `artifactFromJSON` turns back into an equal artifact.
   *
   * @example
   * ```ts
   * JSON.stringify(new JsonArtifact({ a: 1 })); // {"type":"JsonArtifact",…,"value":{"a":1},…}
   * ```
   */
  toJSON(): ArtifactJSON {
    return {
      type: this.type,
      id: this.id,
      name: this.name,
      value: this.valueToJSON(),
      meta: this.meta,
      ...this.extraJSON(),
    };
  }

  /** Same as `toText()`, so template literals read naturally. */
  toString(): string {
    return this.toText();
  }
}

// On the prototype, not on each instance: one artifact is made per call, and a field costs every time.
Object.defineProperty(BaseArtifact.prototype, brand, { value: true });

/** @internal */
export function hasArtifactBrand(value: unknown): boolean {
  return typeof value === "object" && value !== null && brand in value;
}
