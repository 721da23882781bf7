// Standard decorators need `Symbol.metadata`, which Node does not ship yet. esbuild/tsx fall back to
// `Symbol.for("Symbol.metadata")` and tsc reads `Symbol.metadata` at class definition, so defining it
// as that registered symbol makes classes compiled by either tool share one metadata key.
const symbolConstructor = Symbol as { metadata?: symbol };
symbolConstructor.metadata ??= Symbol.for("Symbol.metadata");

export {};
