import { ToolboxError } from "../errors/toolbox-error.js";

/**
 * Turns texts into vectors, one per text and in order (an embeddings API, a local model). Vectors of
 * one function must share a length; they are compared by cosine similarity.
 *
 * @example
 * ```ts
 * const embed: EmbedTexts = async (texts) =>
 *   (await openai.embeddings.create({ model: "text-embedding-3-small", input: [...texts] })).data.map((d) => d.embedding);
 * ```
 */
export type EmbedTexts = (texts: readonly string[]) => Promise<readonly (readonly number[])[]>;

/**
 * @internal Unit vectors of the indexed activities, embedded in one batch for every activity still
 * missing one when a search needs them; the query's vector is compared with each (one linear scan).
 */
export class EmbeddingStore {
  readonly #embed: EmbedTexts;
  readonly #vectors = new Map<string, Float64Array>();
  readonly #texts = new Map<string, string>();
  // Keys with a text and no vector yet: a search embeds these without walking every key.
  readonly #missing = new Set<string>();
  #dimensions: number | undefined;
  #pending: Promise<void> | undefined;

  constructor(embed: EmbedTexts) {
    this.#embed = embed;
  }

  /** Records the text of `key` (its vector is made on the next search). */
  set(key: string, text: string): void {
    if (this.#texts.get(key) === text) return;
    this.#texts.set(key, text);
    this.#vectors.delete(key);
    this.#missing.add(key);
  }

  delete(key: string): void {
    this.#texts.delete(key);
    this.#vectors.delete(key);
    this.#missing.delete(key);
  }

  /** The cosine similarity of every indexed key with `query`, in the order they were embedded. */
  async similarities(query: string): Promise<Map<string, number>> {
    await this.#fill();
    const [queryVector] = await this.#vectorsOf([query]);
    const similarities = new Map<string, number>();
    for (const [key, vector] of this.#vectors) {
      // Keys deleted while the batch was out keep no vector.
      if (!this.#texts.has(key)) continue;
      similarities.set(key, dot(queryVector as Float64Array, vector));
    }
    return similarities;
  }

  // One batch at a time; a search arriving meanwhile waits for it and then embeds what is still missing.
  async #fill(): Promise<void> {
    while (this.#pending !== undefined) await this.#pending;
    if (this.#missing.size === 0) return;
    const missing = [...this.#missing].map((key) => [key, this.#texts.get(key) as string] as const);
    this.#pending = this.#vectorsOf(missing.map(([, text]) => text)).then((vectors) => {
      missing.forEach(([key, text], index) => {
        if (this.#texts.get(key) !== text) return;
        this.#vectors.set(key, vectors[index] as Float64Array);
        this.#missing.delete(key);
      });
    });
    try {
      await this.#pending;
    } finally {
      this.#pending = undefined;
    }
  }

  async #vectorsOf(texts: readonly string[]): Promise<Float64Array[]> {
    const vectors = await this.#embed(texts);
    if (!Array.isArray(vectors) || vectors.length !== texts.length) {
      throw new ToolboxError({
        message: `the search's embed function returned ${Array.isArray(vectors) ? `${vectors.length} vectors` : "no array"} for ${texts.length} texts`,
      });
    }
    return vectors.map((vector, index) => this.#unit(vector, index));
  }

  #unit(vector: unknown, index: number): Float64Array {
    const valid =
      Array.isArray(vector) &&
      vector.length > 0 &&
      vector.every((value) => typeof value === "number" && Number.isFinite(value));
    if (!valid || (this.#dimensions !== undefined && vector.length !== this.#dimensions)) {
      throw new ToolboxError({
        message: `the search's embed function returned vector ${index} ${valid ? `of length ${(vector as number[]).length}, expected ${this.#dimensions}` : "that is not a non-empty array of finite numbers"}`,
      });
    }
    this.#dimensions = vector.length;
    const unit = Float64Array.from(vector as number[]);
    const norm = Math.sqrt(dot(unit, unit)) || 1;
    for (let at = 0; at < unit.length; at++) unit[at] = (unit[at] as number) / norm;
    return unit;
  }
}

function dot(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let at = 0; at < a.length; at++) sum += (a[at] as number) * (b[at] as number);
  return sum;
}
