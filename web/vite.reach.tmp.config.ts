import base from "./vite.config.ts";
import { defineConfig, mergeConfig } from "vite";
export default mergeConfig(base, defineConfig({
  build: { outDir: "/tmp/shell-measure/dist", emptyOutDir: true },
  plugins: [{
    name: "reach",
    generateBundle(_o, bundle) {
      const ids = [...this.getModuleIds()];
      const main = ids.find((id) => id.endsWith("src/main.tsx"))!;
      const home = ids.find((id) => id.endsWith("home-screen.tsx"))!;
      const seen = new Set<string>();
      const stack = [main, home];
      while (stack.length) { const id = stack.pop()!; if (seen.has(id)) continue; seen.add(id); const info = this.getModuleInfo(id); for (const d of info?.importedIds ?? []) stack.push(d); }
      // chunks home loads: main entry chunk + home chunk + their static imports
      const chunks = Object.values(bundle).filter((c) => c.type === "chunk") as any[];
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const load = new Set<string>();
      const start = chunks.filter((c) => c.isEntry || c.facadeModuleId?.endsWith("home-screen.tsx"));
      const st = start.map((c) => c.fileName);
      while (st.length) { const f = st.pop()!; if (load.has(f)) continue; load.add(f); for (const i of byName.get(f).imports) st.push(i); }
      let used = 0, unused = 0; const waste = new Map<string, number>();
      for (const f of load) for (const [id, m] of Object.entries(byName.get(f).modules) as any) {
        if (seen.has(id)) used += m.renderedLength; else { unused += m.renderedLength; const k = (id.match(/node_modules\/((@[^/]+\/)?[^/]+)(\/es\/([^/]+))?/) ?? [id, id])[0]; waste.set(k, (waste.get(k) ?? 0) + m.renderedLength); }
      }
      console.log("home loads", [...load].join(" "));
      console.log("used", used, "not reached statically", unused);
      for (const [k, v] of [...waste].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(String(v).padStart(8), k);
    },
  }],
}));
