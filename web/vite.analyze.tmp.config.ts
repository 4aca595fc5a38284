import base from "./vite.config.ts";
import { defineConfig, mergeConfig } from "vite";
export default mergeConfig(base, defineConfig({
  root: "/work/wt/shell/web",
  build: { outDir: "/tmp/shell-measure/dist", emptyOutDir: true },
  plugins: [{
    name: "analyze",
    generateBundle(_o, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk" || chunk.code.length < 200000) continue;
        const groups = new Map<string, number>();
        for (const [id, m] of Object.entries(chunk.modules)) {
          const match = id.match(/node_modules\/((@[^/]+\/)?[^/]+)(\/(es|lib)\/([^/]+))?/);
          const key = match ? match[1] + (match[5] && (match[1]==="antd"||match[1]==="@ant-design/icons") ? "/" + match[5] : "") : id.replace(/.*web\/src\//, "src/");
          groups.set(key, (groups.get(key) ?? 0) + m.renderedLength);
        }
        console.log("==", chunk.fileName, chunk.code.length);
        for (const [k, v] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, 60)) console.log(String(v).padStart(8), k);
      }
    },
  }],
}));
