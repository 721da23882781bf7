// The child process of the scale scenario: RSS is read before anything of toolwright is imported, so
// the results can tell Node and tsx from toolwright. Usage: scale-child.ts --activities N --cold-runs R
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error("run with --expose-gc");
gc();
const rssStartMb = process.memoryUsage().rss / 2 ** 20;
const { measureSize } = await import("./scale.js");
const argument = (name: string) => Number(process.argv[process.argv.indexOf(name) + 1]);
const result = await measureSize(argument("--activities"), argument("--cold-runs"), rssStartMb);
process.stdout.write(`${JSON.stringify(result)}\n`);
