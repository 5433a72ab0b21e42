/**
 * The walls between the tiers (docs/architecture.md), checked on every `npm test`:
 * contract/ is shared by all and imports none of them; lib/ holds the Node helpers both servers
 * use; the web app and the API never import each other; server.ts and server/ see the app only
 * through its build; and no module reaches itself through others.
 */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import cycle: split out what both modules need.",
      from: {},
      to: { circular: true },
    },
    {
      name: "contract-stands-alone",
      severity: "error",
      comment: "contract/ is read by the browser, the web server and the API: it imports none of them.",
      from: { path: "^contract/" },
      to: { path: "^(app|api|lib|server)/|^server\\.ts$" },
    },
    {
      name: "lib-stands-alone",
      severity: "error",
      comment: "lib/ is shared by both servers: it imports neither, nor the app.",
      from: { path: "^lib/" },
      to: { path: "^(app|api|server)/|^server\\.ts$" },
    },
    {
      name: "app-not-api",
      severity: "error",
      comment: "The web app talks to the API over HTTP only, and knows the Express server only by its load context.",
      from: { path: "^app/" },
      to: { path: "^(api|server)/|^server\\.ts$" },
    },
    {
      name: "api-not-app",
      severity: "error",
      comment: "The API serves every client alike: it never imports the web app or its server.",
      from: { path: "^api/" },
      to: { path: "^(app|server)/|^server\\.ts$" },
    },
    {
      name: "server-sees-the-build",
      severity: "error",
      comment: "server.ts and server/ reach the app through its build (server/app-build.ts), so one copy of each module runs.",
      from: { path: "^server/|^server\\.ts$" },
      to: { path: "^app/" },
    },
    {
      name: "browser-code-not-node",
      severity: "error",
      comment: "Only the app's *.server.ts(x) modules run on the server alone; the rest is also bundled for the browser.",
      from: { path: "^app/", pathNot: "\\.server\\.tsx?$" },
      to: { path: "^lib/|^node:" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    includeOnly: "^(app|api|contract|lib|server)/|^server\\.ts$",
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
