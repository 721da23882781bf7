import { McpConfigError } from "../errors/mcp-config-error.js";
import { checkOptions } from "../internal/check-options.js";
import { describeReceived } from "../internal/describe-value.js";
import {
  aBoolean,
  aFunction,
  anObject,
  aString,
  either,
  nonEmptyString,
  type OptionRule,
  type OptionRules,
  oneOf,
  stringArray,
  stringRecord,
  timerMs,
  wholeNumber,
} from "../internal/option-rules.js";
import { isTaskStore } from "../memory/task-store.js";
import { toolOptionRules } from "../tool/tool-option-rules.js";
import { receiptOptionRules } from "../toolbox/toolbox-checks.js";

const positiveInteger = { ...wholeNumber(1), expected: "a positive integer" };
const nonEmptyStrings: OptionRule = {
  expected: "an array of non-empty strings",
  test: (value) => stringArray.test(value) && !(value as string[]).includes(""),
};
const transportRule = oneOf("stdio", "http");
const sessionsRule = oneOf("stateful", "stateless");
/** Options that bound sessions, which a stateless server does not keep. */
const sessionOptions = ["maxSessions", "sessionIdleMs", "streamEvents", "sseRetryMs"] as const;
/** Node's timers take at most 2^31 - 1 ms; a longer delay would fire at once. */
const timeoutRule: OptionRule = {
  expected: "a whole number of milliseconds from 1 to 2147483647",
  test: (value) =>
    Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 2 ** 31 - 1,
};

const stateKeyRule: OptionRule = {
  expected: "a secret of at least 32 bytes (a string or a Uint8Array)",
  test: (value) =>
    (typeof value === "string" && Buffer.byteLength(value) >= 32) ||
    (value instanceof Uint8Array && value.byteLength >= 32),
};

/** `tasks`: an object of known options, its store one with the `TaskStore` methods. */
const taskOptionsRule: OptionRule = {
  expected:
    "an object with optional store (a TaskStore: create, get, update), ttlMs and pollIntervalMs (whole milliseconds from 1 to 2147483647)",
  test: (value) => {
    if (typeof value !== "object" || value === null) return false;
    const { store, ttlMs, pollIntervalMs, ...rest } = value as Record<string, unknown>;
    return (
      Object.keys(rest).length === 0 &&
      (store === undefined || isTaskStore(store)) &&
      (ttlMs === undefined || timeoutRule.test(ttlMs)) &&
      (pollIntervalMs === undefined || timeoutRule.test(pollIntervalMs))
    );
  },
};

/** `receipts`: a store and, optionally, a retention and a clock (the scope is the client's). */
const receiptsRule: OptionRule = {
  expected:
    "an object with store (a ReceiptStore) and optional retentionMs (positive whole milliseconds) and clock",
  test: (value) => {
    if (typeof value !== "object" || value === null) return false;
    const { store, retentionMs, clock, ...rest } = value as Record<string, unknown>;
    const rules = receiptOptionRules as Record<"store" | "retentionMs" | "clock", OptionRule>;
    return (
      Object.keys(rest).length === 0 &&
      rules.store.test(store) &&
      (retentionMs === undefined || rules.retentionMs.test(retentionMs)) &&
      (clock === undefined || rules.clock.test(clock))
    );
  },
};

const commonRules: OptionRules = {
  transport: transportRule,
  name: nonEmptyString,
  version: nonEmptyString,
  instructions: nonEmptyString,
  stateKey: stateKeyRule,
  naming: oneOf("native", "bare"),
  tasks: taskOptionsRule,
  receipts: receiptsRule,
};

const serveRules: Readonly<Record<"stdio" | "http", OptionRules>> = {
  stdio: { ...commonRules, stdin: anObject, stdout: anObject },
  http: {
    ...commonRules,
    host: nonEmptyString,
    port: {
      expected: "an integer from 0 to 65535",
      test: (value) =>
        Number.isInteger(value) && (value as number) <= 65_535 && (value as number) >= 0,
    },
    token: nonEmptyString,
    allowedHosts: nonEmptyStrings,
    allowedOrigins: nonEmptyStrings,
    maxBodyBytes: positiveInteger,
    sessions: sessionsRule,
    maxSessions: positiveInteger,
    sessionIdleMs: timeoutRule,
    headersTimeoutMs: timeoutRule,
    bodyTimeoutMs: timeoutRule,
    streamEvents: positiveInteger,
    sseRetryMs: timeoutRule,
    principal: aFunction,
  },
};

const connectRules: OptionRules = {
  ...toolOptionRules,
  connectTimeoutMs: timerMs,
  requestTimeoutMs: timerMs,
  auth: {
    expected: "false, toolwright's OAuth options or an OAuthClientProvider",
    test: (value) => value === false || (typeof value === "object" && value !== null),
  },
  protocolVersion: oneOf("auto", "legacy", "2026-07-28"),
  prior: anObject,
  onElicit: aFunction,
  onSample: aFunction,
  allowSampling: aBoolean,
  tasks: oneOf(true, false, "prefer"),
  roots: {
    expected: "an array of { uri, name? } with file: URIs",
    test: (value) =>
      Array.isArray(value) &&
      value.every(
        (root) =>
          typeof root === "object" &&
          root !== null &&
          typeof (root as { uri?: unknown }).uri === "string" &&
          (root as { uri: string }).uri.startsWith("file://"),
      ),
  },
};

const oauthRules: OptionRules = {
  store: anObject,
  interactive: aBoolean,
  openUrl: aFunction,
  clientName: nonEmptyString,
  scope: nonEmptyString,
  clientMetadataUrl: nonEmptyString,
  clientId: nonEmptyString,
  clientSecret: nonEmptyString,
  grant: oneOf("authorization_code", "client_credentials", "jwt_bearer"),
  assertion: {
    expected: "a JWT string or a function returning one",
    test: (value) => (typeof value === "string" && value !== "") || typeof value === "function",
  },
  privateKey: nonEmptyString,
  signingAlgorithm: nonEmptyString,
  dpop: aBoolean,
  redirectPort: {
    expected: "an integer from 0 to 65535",
    test: (value) =>
      Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 65_535,
  },
  authorizationTimeoutMs: timerMs,
};

const targetRules: Readonly<Record<"stdio" | "http", OptionRules>> = {
  stdio: {
    command: nonEmptyString,
    args: stringArray,
    env: stringRecord,
    cwd: aString,
    stderr: oneOf("pipe", "inherit", "ignore"),
  },
  http: {
    url: { ...either(aString, anObject), expected: "a URL (a string or a URL object)" },
    headers: stringRecord,
  },
};

function failure(subject: string) {
  return (option: string, message: string) => new McpConfigError({ subject, option, message });
}

/** @internal Checks `serveMcp`'s options: the transport first, then the keys that transport takes. */
export function checkServeOptions(options: unknown): void {
  const fail = failure("serveMcp");
  const transport =
    typeof options === "object" && options !== null
      ? (options as { transport?: unknown }).transport
      : undefined;
  if (transport !== undefined && !transportRule.test(transport)) {
    throw fail(
      "transport",
      `must be ${transportRule.expected}; got ${describeReceived(transport)}`,
    );
  }
  checkOptions(options, {
    owner: transport === undefined ? "serveMcp" : `serveMcp over ${String(transport)}`,
    rules: serveRules[transport === "http" ? "http" : "stdio"],
    required: ["transport"],
    error: fail,
  });
  const given = options as Record<string, unknown>;
  if (given.sessions !== "stateless") return;
  for (const option of sessionOptions) {
    if (given[option] === undefined) continue;
    throw fail(
      option,
      `applies to sessions: "stateful"; a stateless server keeps no sessions to count, expire or resume (remove "${option}", or serve with sessions: "stateful")`,
    );
  }
}

/** @internal Checks `McpTool.connect`'s target (a command or a URL) and its options. */
export function checkConnectArguments(target: unknown, options: unknown): void {
  const fail = failure("McpTool.connect");
  if (typeof target !== "object" || target === null || Array.isArray(target)) {
    throw fail(
      "target",
      `must be an object, { command, args?, env?, cwd?, stderr? } or { url, headers? }; got ${describeReceived(target)}`,
    );
  }
  const { command, url } = target as { command?: unknown; url?: unknown };
  if (command === undefined && url === undefined) {
    throw fail("target", "needs a non-empty `command` (stdio) or a `url` (Streamable HTTP)");
  }
  checkOptions(target, {
    owner: "the McpTool.connect target",
    rules: targetRules[url === undefined ? "stdio" : "http"],
    argument: "target",
    error: fail,
  });
  checkOptions(options, { owner: "McpTool.connect", rules: connectRules, error: fail });
  const auth = (options as { auth?: unknown } | undefined)?.auth;
  // An SDK provider is the SDK's to check; toolwright's own options are checked key by key.
  if (
    typeof auth === "object" &&
    auth !== null &&
    typeof (auth as { tokens?: unknown }).tokens !== "function"
  ) {
    checkOptions(auth, {
      owner: "McpTool.connect's auth",
      rules: oauthRules,
      argument: "auth",
      error: fail,
    });
    const { grant, clientId, assertion } = auth as Record<string, unknown>;
    if ((grant === "client_credentials" || grant === "jwt_bearer") && clientId === undefined) {
      throw fail("auth", `with grant: "${grant}" needs "clientId"`);
    }
    if (grant === "jwt_bearer" && assertion === undefined) {
      throw fail("auth", 'with grant: "jwt_bearer" needs "assertion" (the workload\'s signed JWT)');
    }
  }
}
