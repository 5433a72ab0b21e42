import { UNSAFE_flatRoutes } from "@remix-run/dev";
import { matchPath } from "react-router-dom";
import { describe, expect, test } from "vitest";
import { SHARE_IMAGE_FILE } from "#contract/campaign.ts";
import { FILE_NAME } from "#contract/files.ts";
import { campaignSharePath, INVITE_PARAM, invitePath, mediaName, mediaPath } from "#contract/web-paths.ts";

/** A stored file's name, as the API makes them. */
const NAME = "AbCdEfGhIj_kLmNoPqRs-t.webp";

/** The web app's routes with their whole paths, as Remix's flat-route convention makes them. */
function pagePaths(): { id: string; path: string }[] {
  const manifest = UNSAFE_flatRoutes("app", ["**/.*"]);
  const whole = (id: string | undefined): string => {
    const route = id ? manifest[id] : undefined;
    if (!route) return "";
    return [whole(route.parentId), route.path].filter(Boolean).join("/");
  };
  return Object.values(manifest).map((r) => ({ id: r.id, path: `/${whole(r.id)}` }));
}

/** The route a path is served by: the one that names it, not the catch-all. */
function routeOf(path: string): string[] {
  const pathname = new URL(path, "http://localhost").pathname;
  return pagePaths()
    .filter((r) => !r.path.endsWith("*") && matchPath({ path: r.path, end: true }, pathname))
    .map((r) => r.id);
}

describe("the web paths the API writes into its answers", () => {
  test("are spelled as the native apps and the web app expect", () => {
    expect(mediaPath(NAME)).toBe(`/media/${NAME}`);
    expect(invitePath("AB12CD34")).toBe("/register?invite=AB12CD34");
    expect(invitePath("a b&c")).toBe("/register?invite=a%20b%26c");
    expect(campaignSharePath("AB12CD34")).toBe("/campaign/share/AB12CD34.png");
  });

  test("a media path gives back its file name; anything else none", () => {
    expect(mediaName(mediaPath(NAME))).toBe(NAME);
    expect(mediaName("")).toBeNull();
    expect(mediaName("https://elsewhere.example/media/x.webp")).toBeNull();
  });

  test("each one is served by its own route of the web app, with the parameter that route reads", () => {
    expect(routeOf(mediaPath(NAME))).toEqual(["routes/media.$name"]);
    expect(FILE_NAME.test(mediaName(mediaPath(NAME))!)).toBe(true);
    expect(routeOf(invitePath("AB12CD34"))).toEqual(["routes/register"]);
    expect(new URL(invitePath("AB12CD34"), "http://localhost").searchParams.get(INVITE_PARAM)).toBe("AB12CD34");
    expect(routeOf(campaignSharePath("AB12CD34"))).toEqual(["routes/campaign.share.$file"]);
    expect(SHARE_IMAGE_FILE.exec(campaignSharePath("AB12CD34").split("/").at(-1)!)?.[1]).toBe("AB12CD34");
  });
});
