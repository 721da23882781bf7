import { shadowsToolMember } from "../activity/tool-member-names.js";
import { DeclarationConfigError } from "../errors/declaration-config-error.js";

/** @internal What a member decorator needs of the method it is applied to. */
export interface DecoratedMethod {
  readonly methodName: string;
  /** The class's `Symbol.metadata` object, where the registry keys its definitions. */
  readonly metadata: object;
  /** The method of a given tool instance. */
  readonly method: (tool: object) => (...args: unknown[]) => unknown;
  /** Throws `DeclarationConfigError` naming the decorator, the method and the key. */
  readonly fail: (key: string | undefined, message: string, cause?: unknown) => never;
}

/**
 * @internal The checks every member decorator (`@resource`, `@prompt`) makes on the method it marks: a
 * standard decorator (not TypeScript's legacy ones), a string-named instance method that does not hide
 * a `Tool` member, on a class whose metadata exists.
 */
export function decoratedMethod(
  decorator: string,
  target: unknown,
  context: unknown,
): DecoratedMethod {
  const failFor =
    (methodName: string) =>
    (key: string | undefined, message: string, cause?: unknown): never => {
      throw new DeclarationConfigError({ decorator, methodName, key, message, cause });
    };
  if (typeof context !== "object" || context === null) {
    const owner =
      typeof target === "function" ? target : (target as { constructor?: unknown })?.constructor;
    const className = typeof owner === "function" ? owner.name : "";
    return failFor(className === "" ? String(context) : `${className}.${String(context)}`)(
      undefined,
      `${decorator} is a standard (TC39) decorator; legacy decorators are not supported: remove "experimentalDecorators" from tsconfig.json`,
    );
  }
  const { name, static: isStatic, metadata, access } = context as ClassMethodDecoratorContext;
  const methodName = String(name);
  const fail = failFor(methodName);
  if (typeof name !== "string")
    fail(undefined, `symbol-named methods cannot be marked ${decorator}`);
  if (isStatic) fail(undefined, `static methods cannot be marked ${decorator}`);
  if (shadowsToolMember(methodName)) {
    fail(undefined, `the method name shadows Tool.${methodName}; rename the method`);
  }
  if (typeof metadata !== "object" || metadata === null) {
    fail(
      undefined,
      "Symbol.metadata is missing; import toolwright (which installs it) before defining tool classes",
    );
  }
  const get = (access as { get(object: object): unknown }).get;
  return {
    methodName,
    metadata: metadata as object,
    method: (tool) => get(tool) as (...args: unknown[]) => unknown,
    fail,
  };
}
