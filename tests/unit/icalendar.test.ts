import { describe, expect, test } from "vitest";
import { calendarFile, escapeText, foldLine, utcDateTime, type CalendarEvent } from "#app/utils/icalendar.ts";

const octets = (s: string) => new TextEncoder().encode(s).length;
/** What a calendar reads: folds undone (RFC 5545 §3.1), lines split on CRLF. */
const unfold = (text: string) => text.replace(/\r\n /g, "").split("\r\n");

const EVENT: CalendarEvent = {
  uid: "round-42-abc@vv.example",
  stamp: new Date(Date.UTC(2026, 10, 26, 14, 5, 9)),
  start: new Date(Date.UTC(2026, 10, 26, 16, 0, 0)),
  minutes: 15,
  language: "en",
  summary: "VV: round 42 ends — claim your VV",
  description: "Round 42 ends.\nOpen VV",
  url: "https://vv.example/airdrop",
  alarm: { minutesBefore: 10, description: "VV: round 42 ends in 10 minutes" },
};

describe("text values", () => {
  test("backslash, semicolon and comma are escaped, and every kind of line break becomes \\n", () => {
    expect(escapeText("a\\b;c,d")).toBe("a\\\\b\\;c\\,d");
    expect(escapeText("one\ntwo\r\nthree\rfour")).toBe("one\\ntwo\\nthree\\nfour");
    expect(escapeText("plain: text — ok")).toBe("plain: text — ok");
  });

  test("UTC date-times are written without separators or milliseconds", () => {
    expect(utcDateTime(new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678)))).toBe("20260102T030405Z");
  });
});

describe("folding", () => {
  test("a line of 75 octets or fewer is left alone", () => {
    expect(foldLine("x".repeat(75))).toBe("x".repeat(75));
  });

  test("longer ASCII lines fold at 75 octets, continuations starting with a space", () => {
    const lines = foldLine("x".repeat(200)).split("\r\n");
    expect(lines.map(octets)).toEqual([75, 75, 52]);
    expect(lines.slice(1).every((l) => l.startsWith(" "))).toBe(true);
    expect(unfold(foldLine("x".repeat(200)))).toEqual(["x".repeat(200)]);
  });

  test.each([
    ["Arabic (2 octets a letter)", "SUMMARY;LANGUAGE=ar:VV: تنتهي الجولة 42 — استلم VV الخاص بك. افتح VV واستلم ما حصلت عليه منها"],
    ["Tamil (3 octets a letter)", "SUMMARY;LANGUAGE=ta:VV: சுற்று 42 முடிகிறது — உங்கள் VV-ஐப் பெறுங்கள். இந்தச் சுற்றில் கிடைத்ததைப் பெறுங்கள்"],
    ["emoji (4 octets, two UTF-16 units)", `DESCRIPTION:${"🎉".repeat(40)}`],
  ])("%s: no line over 75 octets, no character split, and unfolding gives the line back", (_name, line) => {
    const folded = foldLine(line);
    const lines = folded.split("\r\n");
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) {
      expect(octets(l)).toBeLessThanOrEqual(75);
      // Each physical line is valid UTF-8 by itself: decoding it strictly does not throw.
      expect(() => new TextDecoder("utf-8", { fatal: true }).decode(Buffer.from(l, "utf8"))).not.toThrow();
      expect(l).not.toMatch(/[\uD800-\uDFFF]/u);
    }
    expect(unfold(folded)).toEqual([line]);
  });
});

describe("the calendar file", () => {
  const file = calendarFile(EVENT);

  test("every line ends in CRLF, with no bare LF or CR anywhere", () => {
    expect(file.endsWith("\r\n")).toBe(true);
    expect(file.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  test("one event at the given time, with its duration, texts in their language, URL and UID", () => {
    const lines = unfold(file);
    expect(lines.slice(0, 2)).toEqual(["BEGIN:VCALENDAR", "VERSION:2.0"]);
    expect(lines).toContain("PRODID:-//VV//Airdrop//EN");
    expect(lines).toContain("UID:round-42-abc@vv.example");
    expect(lines).toContain("DTSTAMP:20261126T140509Z");
    expect(lines).toContain("DTSTART:20261126T160000Z");
    expect(lines).toContain("DURATION:PT15M");
    expect(lines).toContain("SUMMARY;LANGUAGE=en:VV: round 42 ends — claim your VV");
    expect(lines).toContain("DESCRIPTION;LANGUAGE=en:Round 42 ends.\\nOpen VV");
    expect(lines).toContain("URL:https://vv.example/airdrop");
    expect(lines.at(-1)).toBe("");
    expect(lines.at(-2)).toBe("END:VCALENDAR");
  });

  test("a display alarm ten minutes before, inside the event", () => {
    const lines = unfold(file);
    const alarm = lines.slice(lines.indexOf("BEGIN:VALARM"), lines.indexOf("END:VALARM") + 1);
    expect(alarm).toEqual([
      "BEGIN:VALARM",
      "ACTION:DISPLAY",
      "TRIGGER:-PT10M",
      "DESCRIPTION;LANGUAGE=en:VV: round 42 ends in 10 minutes",
      "END:VALARM",
    ]);
    expect(lines.indexOf("BEGIN:VEVENT")).toBeLessThan(lines.indexOf("BEGIN:VALARM"));
    expect(lines.indexOf("END:VALARM")).toBeLessThan(lines.indexOf("END:VEVENT"));
  });

  test("summaries with commas and semicolons are escaped in the file", () => {
    const text = calendarFile({ ...EVENT, summary: "a, b; c\\d" });
    expect(unfold(text)).toContain("SUMMARY;LANGUAGE=en:a\\, b\\; c\\\\d");
  });
});
