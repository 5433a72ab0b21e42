// The bare Remix app served the way server.ts serves ours: Express, compression, the build's
// assets as immutable static files, then Remix's request handler. For npm run bench:ssr.
//   npx remix vite:build bench/bare && PORT=3720 npx tsx bench/bare/server.ts
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const build = (await import(here("./build/server/index.js"))) as ServerBuild;
const port = Number(process.env.PORT) || 3720;

const app = express();
app.disable("x-powered-by");
// Vite names every file of the build by its content: each one is kept by browsers for a year.
app.use("/assets", express.static(here("./build/client/assets"), { immutable: true, maxAge: "1y" }));
app.use(compression());
app.use(express.static(here("./build/client"), { maxAge: "1h", index: false }));
app.get("/livez", (_req, res) => {
  res.json({ status: "ok" });
});
app.all("*", createRequestHandler({ build, mode: process.env.NODE_ENV }));

const server = createServer(app).listen(port, () => {
  console.log(`bare Remix app on http://localhost:${port}`);
});
for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => server.close(() => process.exit(0)));
