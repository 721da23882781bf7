/**
 * @internal A class whose definition waits for its first use: `define` runs (once) when the class is
 * first constructed, extended, or asked for a static member or its prototype, so a module can export
 * a subclass of an optional package's class without loading the package on import. `new`,
 * `instanceof`, `extends` and static members behave as on the defined class.
 */
export function lazyClass<Class extends abstract new (...args: never[]) => object>(
  name: string,
  define: () => Class,
): Class {
  let defined: Class | undefined;
  const real = (): Class => {
    defined ??= define();
    return defined;
  };
  // A constructible target whose `prototype` may differ from the defined class's: a function (a
  // class's own `prototype` is read-only, which a proxy must then report as it is).
  function target() {}
  const proxy: Class = new Proxy(target as unknown as Class, {
    construct: (_target, args, newTarget): object =>
      Reflect.construct(real(), args, newTarget === proxy ? real() : newTarget),
    apply: () => {
      throw new TypeError(`Class constructor ${name} cannot be invoked without 'new'`);
    },
    get: (_target, key) => Reflect.get(real(), key),
    has: (_target, key) => Reflect.has(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
  return proxy;
}
