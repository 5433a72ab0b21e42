// The bare Remix app npm run bench:ssr measures our pages against (scripts/bench-ssr.ts): Remix's
// Vite template with the future flags ours has, built with the repository's @remix-run/dev
// (`npx remix vite:build bench/bare`), everything inside bench/bare/build.
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import { remixFuture } from "../../vite.config.ts";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

const here = dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  plugins: [
    {
      // `remix vite:build --config bench/bare/vite.config.ts` takes the working directory as the
      // root, whatever this file says: from the repository's root it would build our app with this
      // configuration, and Remix empties the root's build/ first. Stop before that.
      name: "bare-root-only",
      configResolved({ root }) {
        if (root !== here)
          throw new Error(`the bare app builds with bench/bare as the root (npx remix vite:build bench/bare), not ${root}`);
      },
    },
    remix({
      future: remixFuture,
    }),
  ],
});
