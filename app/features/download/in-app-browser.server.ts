/**
 * The social and messenger apps whose built-in browser cannot download an APK or hand a
 * store link to the store, each with the User-Agent token that names it. Only the app's own
 * token counts: Android's WebView marker (`; wv)`) alone is also what our own native app and
 * many ordinary apps send, and a plain Chrome or Safari must never be told to leave.
 * First match wins, so an app whose agent also carries another's tokens comes before it
 * (Messenger sends Facebook's FBAN/FBAV, Douyin sends TikTok's BytedanceWebview).
 */
const IN_APP_BROWSERS: readonly (readonly [name: string, token: RegExp])[] = [
  ["Messenger", /MessengerForiOS|MessengerLite|FB_IAB\/(?:Orca-Android|MESSENGER)/i],
  ["Instagram", /\bInstagram\b/i],
  ["Facebook", /\bFBAN\/|\bFBAV\/|\bFB_IAB\/|\bFBIOS\b|\bFB4A\b/],
  ["WeChat", /\bMicroMessenger\//i],
  ["LINE", /\bLine\/\d/i],
  ["Douyin", /\baweme(?:_|\/)/i],
  ["TikTok", /musical_ly|BytedanceWebview|\btrill_|\bTikTok\b/i],
  ["X", /\bTwitter(?:Android| for )/i],
  ["Snapchat", /\bSnapchat\//i],
  ["LinkedIn", /\bLinkedInApp\b/i],
  ["Pinterest", /\bPinterest(?:\/| for )/i],
  ["KakaoTalk", /\bKAKAOTALK\b/i],
  ["Weibo", /\bWeibo\b|__weibo__/i],
  // The QQ messenger says " QQ/<version>"; the QQ Browser (a real browser) says "MQQBrowser/".
  ["QQ", /(?:^|\s)QQ\/\d/],
  ["Telegram", /\bTelegram-(?:Android|iOS)\//i],
  ["Zalo", /\bZalo\b/i],
];

/** The app whose built-in browser this User-Agent belongs to, or null for an ordinary browser. */
export function inAppBrowser(userAgent: string | null): string | null {
  if (!userAgent) return null;
  return IN_APP_BROWSERS.find(([, token]) => token.test(userAgent))?.[0] ?? null;
}
