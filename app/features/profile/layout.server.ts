import { loadSignedInUser } from "./profile.server.ts";

/**
 * The signed-in layout's data: the profile, once for every page under it. Its own module, so
 * the layout's browser code imports no server module that another route imports too (each such
 * stub would be a chunk of its own on every page).
 */
export async function loadLayout(request: Request) {
  return { user: await loadSignedInUser(request) };
}
