// Every typed error class, by module file, with a way to make one: the is-instance matrix and its
// cross-copy variant build instances from these, from the sources and from a copy of them.

/** A ToolwrightError class as the tests use it: constructible and with its guard. */
export type ErrorClass = (new (
  ...args: never[]
) => Error) & {
  readonly brand: string;
  isInstance(value: unknown): boolean;
};

/** `file` in src/errors, the class it exports and its constructor's arguments. */
export interface ErrorCase {
  readonly file: string;
  readonly className: string;
  readonly args: readonly unknown[];
}

/** An instance of `Class` made with the arguments of its case. */
export function makeError(Class: ErrorClass, { args }: ErrorCase): Error {
  return Reflect.construct(Class, args) as Error;
}

const message = "something is wrong";

export const errorCases: readonly ErrorCase[] = [
  {
    file: "toolwright-error.ts",
    className: "ToolwrightError",
    args: ["invalid_toolbox", message],
  },
  {
    file: "activity-config-error.ts",
    className: "ActivityConfigError",
    args: [{ methodName: "go", message }],
  },
  {
    file: "activity-name-error.ts",
    className: "ActivityNameError",
    args: [{ toolName: "T", activityName: "x", known: [] }],
  },
  {
    file: "agent-error.ts",
    className: "AgentError",
    args: [{ code: "invalid_agent_config", subject: "Agent", message }],
  },
  {
    file: "artifact-error.ts",
    className: "ArtifactError",
    args: [{ path: "$", message }],
  },
  {
    file: "declaration-config-error.ts",
    className: "DeclarationConfigError",
    args: [{ decorator: "@resource", methodName: "readme", message }],
  },
  {
    file: "dialect-error.ts",
    className: "DialectError",
    args: [{ dialect: "gemini", toolName: "T", activityName: "a", path: "$", message }],
  },
  {
    file: "driver-config-error.ts",
    className: "DriverConfigError",
    args: [{ driver: "D", option: "model", message }],
  },
  {
    file: "mcp-config-error.ts",
    className: "McpConfigError",
    args: [{ subject: "serveMcp", option: "port", message }],
  },
  {
    file: "mcp-authorization-error.ts",
    className: "McpAuthorizationError",
    args: [{ server: "s", message }],
  },
  {
    file: "mcp-connection-error.ts",
    className: "McpConnectionError",
    args: [{ server: "s", message }],
  },
  {
    file: "memory-config-error.ts",
    className: "MemoryConfigError",
    args: [{ subject: "TaskMemory", option: "name", message }],
  },
  {
    file: "memory-store-error.ts",
    className: "MemoryStoreError",
    args: [{ store: "sqlite", location: "x.db", message }],
  },
  {
    file: "missing-dependency-error.ts",
    className: "MissingDependencyError",
    args: [{ subject: "OpenAIChatPromptDriver", packageName: "openai" }],
  },
  {
    file: "prompt-driver-error.ts",
    className: "PromptDriverError",
    args: [{ code: "provider_timeout", provider: "p", model: "m", providerMessage: message }],
  },
  {
    file: "prompt-request-error.ts",
    className: "PromptRequestError",
    args: [{ provider: "p", model: "m", path: "tools[0]", message }],
  },
  {
    file: "requirement-error.ts",
    className: "RequirementError",
    args: [{ toolName: "T", requirement: "x@latest", message }],
  },
  {
    file: "tool-config-error.ts",
    className: "ToolConfigError",
    args: [{ toolName: "T", option: "name", message }],
  },
  {
    file: "tool-name-error.ts",
    className: "ToolNameError",
    args: [{ value: "x", message }],
  },
  {
    file: "toolbox-error.ts",
    className: "ToolboxError",
    args: [{ message }],
  },
];

/** Every error class of the module files in `folder` (a URL ending in `/`), by class name. */
export async function loadErrorClasses(folder: URL): Promise<Map<string, ErrorClass>> {
  const classes = new Map<string, ErrorClass>();
  for (const { file, className } of errorCases) {
    const module = (await import(new URL(file, folder).href)) as Record<string, ErrorClass>;
    const Class = module[className];
    if (Class === undefined) throw new Error(`${file} does not export ${className}`);
    classes.set(className, Class);
  }
  return classes;
}
