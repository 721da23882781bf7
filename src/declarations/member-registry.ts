/** @internal What a member decorator records about one method: the key it is known by, and the method. */
export interface MemberDefinition {
  /** Unique within a class: a prompt's name, a resource's URI or URI template. */
  readonly key: string;
  readonly methodName: string;
}

/**
 * @internal A registry for a decorator that marks methods of Tool classes (`@resource`, `@prompt`):
 * definitions are plain data keyed by the class's `Symbol.metadata` object, never stored on the class,
 * and a class's members are collected once along the metadata prototype chain, inherited ones first; a
 * subclass that decorates the same method or reuses a key replaces the inherited member in its place.
 *
 * @example
 * ```ts
 * const prompts = memberRegistry<PromptDefinition>();
 * prompts.record(context.metadata, definition);
 * prompts.ofClass(tool.constructor); // [definition, …]
 * ```
 */
export function memberRegistry<D extends MemberDefinition>() {
  const own = new WeakMap<object, D[]>();
  const byClass = new WeakMap<object, readonly D[]>();
  return {
    /** The definitions recorded so far on one class's own metadata object. */
    own(metadata: object): readonly D[] {
      return own.get(metadata) ?? [];
    },
    record(metadata: object, definition: D): void {
      let list = own.get(metadata);
      if (list === undefined) {
        list = [];
        own.set(metadata, list);
      }
      list.push(definition);
    },
    /** A class's members (given the class), inherited ones first, computed once per class. */
    ofClass(toolClass: object): readonly D[] {
      const cached = byClass.get(toolClass);
      if (cached !== undefined) return cached;
      const chain: object[] = [];
      let metadata: unknown = (toolClass as { [Symbol.metadata]?: unknown })[Symbol.metadata];
      while (typeof metadata === "object" && metadata !== null) {
        chain.unshift(metadata);
        metadata = Object.getPrototypeOf(metadata);
      }
      const merged: D[] = [];
      for (const level of chain) {
        for (const definition of own.get(level) ?? []) {
          const replaces = (existing: D) =>
            existing.key === definition.key || existing.methodName === definition.methodName;
          const index = merged.findIndex(replaces);
          if (index === -1) {
            merged.push(definition);
            continue;
          }
          merged[index] = definition;
          for (let other = merged.length - 1; other > index; other--) {
            if (replaces(merged[other] as D)) merged.splice(other, 1);
          }
        }
      }
      const members = Object.freeze(merged);
      byClass.set(toolClass, members);
      return members;
    },
  };
}
