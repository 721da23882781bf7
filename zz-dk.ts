import { createEventArguments } from "./bench/workloads/create-event.js";
const text = createEventArguments; const value = JSON.parse(text);
const N = 2_000_000;
function bench(label: string, f: () => number) { let x = 0; for (let r = 0; r < 3; r++) { const t = performance.now(); for (let i = 0; i < N; i++) x += f(); if (r === 2) console.log(label, ((performance.now() - t) * 1e6 / N).toFixed(1), "ns"); } return x; }
const marksIndexOf = () => { let m = 0; for (let at = text.indexOf('":'); at !== -1; at = text.indexOf('":', at + 2)) m++; return m; };
const re = /"\s*:/g;
const marksRegex = () => { re.lastIndex = 0; let m = 0; while (re.exec(text) !== null) m++; return m; };
const marksLoop = () => { let m = 0; for (let i = 1; i < text.length; i++) { if (text.charCodeAt(i) === 58) { let j = i - 1; let c = text.charCodeAt(j); while (c === 32 || c === 10 || c === 9 || c === 13) c = text.charCodeAt(--j); if (c === 34) m++; } } return m; };
const countForIn = (v: any): number => { let c = 0; for (const k in v) { c++; const x = v[k]; if (typeof x === "object" && x !== null) c += countForIn(x); } return c; };
const countKeysFn = (v: any): number => { if (Array.isArray(v)) { let c = 0; for (const x of v) if (typeof x === "object" && x !== null) c += countKeysFn(x); return c; } const ks = Object.keys(v); let c = ks.length; for (let i = 0; i < ks.length; i++) { const x = v[ks[i] as string]; if (typeof x === "object" && x !== null) c += countKeysFn(x); } return c; };
const wsRe = /"\s+:/;
bench("indexOf marks", marksIndexOf); bench("regex marks", marksRegex); bench("loop marks", marksLoop);
bench("for-in count", () => countForIn(value)); bench("Object.keys count", () => countKeysFn(value)); bench("ws regex", () => wsRe.test(text) ? 1 : 0);
bench("includes colon-colon", () => text.includes('":') ? 1 : 0);
bench("split", () => text.split('":').length - 1);
bench("replaceAll", () => (text.length - text.replaceAll('":', "").length) / 2);
const g = /":/g;
bench("match g", () => text.match(g)?.length ?? 0);
bench("count colons indexOf", () => { let m = 0; for (let at = text.indexOf(":"); at !== -1; at = text.indexOf(":", at + 1)) m++; return m; });
