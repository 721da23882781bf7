// wink-bm25-text-search ships no types; these cover what bench/anchors/tool-search.ts calls.
declare module "wink-bm25-text-search" {
  interface Bm25Engine {
    defineConfig(config: { fldWeights: Record<string, number> }): boolean;
    definePrepTasks(tasks: readonly ((text: string) => string | string[])[]): number;
    addDoc(doc: Record<string, string>, id: string | number): number;
    consolidate(): boolean;
    search(text: string, limit?: number): [string, number][];
  }
  export default function bm25(): Bm25Engine;
}
