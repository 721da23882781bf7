import { build } from "esbuild";
const entry = process.argv[2];
const r = await build({ entryPoints: [entry], bundle: true, write: false, metafile: true, platform: "node", format: "esm", minify: true, external: process.argv.slice(3), logLevel: "silent", outfile: "/tmp/out.js" });
const inputs = Object.keys(r.metafile.inputs);
const pk = {};
for (const i of inputs) { const m = i.match(/node_modules\/((@[^/]+\/)?[^/]+)/); const k = m ? m[1] : "src"; pk[k] = (pk[k]||0)+1; }
console.log(inputs.length, "inputs; bytes", r.outputFiles[0].contents.length);
console.log(Object.entries(pk).sort((a,b)=>b[1]-a[1]).map(([k,v])=>k+":"+v).join(" "));
