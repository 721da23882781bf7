import type { ToolwrightErrorCode } from "./codes.js";

// Registered symbols are the same in every copy of the package, so the guards below also recognise
// errors thrown by a second copy (two versions in one dependency tree), where `instanceof` fails.
const marker = Symbol.for("toolwright.error");
const brandsKey = Symbol.for("toolwright.error.brands");

/**
 * An error class as `isInstance` sees it: its brand, and the instances it makes.
 *
 * @example
 * ```ts
 * const guarded: BrandedErrorClass<DialectError> = DialectError;
 * ```
 */
export interface BrandedErrorClass<T> {
  readonly brand: string;
  readonly prototype: T;
}

/**
 * Base class of every error toolwright throws for a developer mistake; each carries a string `code`.
 *
 * Every error class declares a `static brand`, a fixed string (class names do not survive
 * minification), and each error records the brands of its class and of all its base classes. So
 * `SomeError.isInstance(value)` is true exactly for instances of `SomeError` and its subclasses, also
 * when they come from another copy of the package. A subclass of your own gets a guard of its own by
 * declaring `static override readonly brand = "my-app/MyError"`; without one it shares its parent's.
 *
 * @example
 * ```ts
 * try { new MyTool({ allowlist: ["nope"] }); }
 * catch (error) { if (ToolwrightError.isInstance(error)) console.log(error.code); }
 * ```
 */
export class ToolwrightError extends Error {
  /** What `isInstance` matches: fixed per class, the same in every copy of the package. */
  static readonly brand: string = "toolwright/ToolwrightError";
  /** Machine-readable reason, stable across releases. */
  readonly code: ToolwrightErrorCode;
  readonly [marker] = true;
  /** @internal The brands of this error's class and of every class above it. */
  declare readonly [brandsKey]: readonly string[];

  constructor(code: ToolwrightErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.name = new.target.name;
    Object.defineProperty(this, brandsKey, { value: brandsOf(new.target) });
  }

  /**
   * True for an instance of this class or of a subclass, also one made by a second copy of the
   * package: `DialectError.isInstance(error)` is true for a `DialectError` only, `ToolwrightError.isInstance`
   * for every toolwright error.
   *
   * @example
   * ```ts
   * ToolwrightError.isInstance(new ActivityNameError({ toolName: "T", activityName: "x", known: [] })); // true
   * DialectError.isInstance(new ToolboxError({ message: "…" })); // false
   * ```
   */
  static isInstance<T>(this: BrandedErrorClass<T>, value: unknown): value is T {
    if (typeof value !== "object" || value === null) return false;
    const brands = (value as { [brandsKey]?: unknown })[brandsKey];
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class it is called on (`DialectError.isInstance`), whose brand is asked for.
    return Array.isArray(brands) && brands.includes(this.brand);
  }
}

const brandCache = new WeakMap<object, readonly string[]>();

/** The own `brand` of every constructor from `target` up to `ToolwrightError`, most specific first. */
function brandsOf(target: object): readonly string[] {
  let brands = brandCache.get(target);
  if (brands === undefined) {
    const found: string[] = [];
    for (let current: object | null = target; current !== null; ) {
      if (Object.hasOwn(current, "brand")) {
        const brand = (current as { brand?: unknown }).brand;
        if (typeof brand === "string") found.push(brand);
      }
      current = Object.getPrototypeOf(current) as object | null;
    }
    brands = Object.freeze(found);
    brandCache.set(target, brands);
  }
  return brands;
}
