import type { Locator, Page } from "@playwright/test";

/** Real agents, as the browsers and the apps' built-in browsers send them. */
export const AGENTS = {
  chromeAndroid: "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
  safariIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1",
  instagramAndroid:
    "Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230805.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.5845.163 Mobile Safari/537.36 Instagram 298.0.0.31.110 Android (33/13; 420dpi; 1080x2400; Google/google; Pixel 7; panther; panther; en_US; 509113451)",
  facebookIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/442.0.0.48.111;FBBV/541164424;FBDV/iPhone14,5;FBMD/iPhone;FBSN/iOS;FBSV/17.1.2;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5;FBRV/543254004]",
  telegramAndroid:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UD1A.230803.041; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.43 Mobile Safari/537.36 Telegram-Android/10.5.0 (Google Pixel 8; Android 14; SDK 34; HIGH)",
} as const;

/** How far the page scrolls sideways: 0 when it fits. */
export const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Every visible link and button on the page that is smaller than a fingertip (44 px). */
export async function smallTargets(page: Page): Promise<string[]> {
  const small: string[] = [];
  for (const target of await page.locator("a:visible, button:visible, summary:visible, input:visible").all()) {
    const box = await target.boundingBox();
    if (box && (box.height < 44 || box.width < 44)) small.push(`${await target.textContent()} ${box.width}x${box.height}`);
  }
  return small;
}

export const top = async (locator: Locator) => (await locator.boundingBox())!.y;
