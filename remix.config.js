/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
  serverModuleFormat: "esm",
  serverPlatform: "node",
  serverMinify: false,
  watchPaths: ["./contract/**/*", "./locales/**/*"],
};
