// The bare Remix app npm run bench:ssr measures our pages against (scripts/bench-ssr.ts):
// built with the repository's @remix-run/dev (`npx remix build bench/bare`), everything inside bench/bare.
/** @type {import('@remix-run/dev').AppConfig} */
export default {
  appDirectory: "app",
  assetsBuildDirectory: "public/build",
  serverBuildPath: "build/index.js",
  cacheDirectory: ".cache",
  publicPath: "/build/",
  serverModuleFormat: "esm",
  serverPlatform: "node",
  serverMinify: false,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
  },
};
