// Dependency-free on purpose: it must run on any Node that can parse it, before anything else loads.

/** The oldest Node.js toolwright supports: `node:sqlite` without a flag, `require(esm)`, `process.getBuiltinModule`. */
const minimum = [22, 13] as const;

/**
 * @internal The one line that says why toolwright cannot run on this Node, or `undefined` when it can.
 *
 * @example
 * ```ts
 * unsupportedNodeMessage("20.20.2"); // "toolwright needs Node.js 22.13 or newer (24 recommended); this is Node.js 20.20.2. …"
 * ```
 */
export function unsupportedNodeMessage(
  version: string = process.versions.node,
): string | undefined {
  const [major = 0, minor = 0] = version.split(".").map(Number);
  if (major > minimum[0] || (major === minimum[0] && minor >= minimum[1])) return undefined;
  return (
    `toolwright needs Node.js ${minimum.join(".")} or newer (24 recommended); this is Node.js ${version}. ` +
    "Run Node 24 without installing it: npx -y node@24 <your-script.js> (the CLI: npx -y -p node@24 toolwright …)"
  );
}
