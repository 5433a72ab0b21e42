/**
 * A one-event iCalendar file (RFC 5545), written by hand: the few properties a reminder needs
 * do not justify a package. Text is escaped, every line ends in CRLF, and lines longer than
 * 75 octets are folded between characters, never inside one (Arabic or Tamil text is 2 to 3
 * octets a character, and a split sequence would reach the calendar as broken text).
 */

export interface CalendarEvent {
  /** Stable for the same event, so importing the file again updates it instead of adding a copy. */
  uid: string;
  /** When the file was made. */
  stamp: Date;
  start: Date;
  minutes: number;
  /** The language of the texts, as a BCP 47 tag. */
  language: string;
  summary: string;
  description: string;
  url: string;
  alarm: { minutesBefore: number; description: string };
}

const LINE_OCTETS = 75;
const encoder = new TextEncoder();

/** A TEXT value: backslash, semicolon and comma escaped, any line break as `\n`. */
export function escapeText(text: string): string {
  return text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, "\\n");
}

/** A UTC date-time: `20260315T080000Z`. */
export function utcDateTime(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/**
 * One content line, folded: at most 75 octets a line, each continuation starting with a space
 * (which counts in its 75). Characters are taken whole, by code point.
 */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > LINE_OCTETS) {
      lines.push(current);
      current = " ";
      octets = 1;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join("\r\n");
}

/** The whole file: a calendar with the one event and its display alarm. */
export function calendarFile(event: CalendarEvent): string {
  const lang = `;LANGUAGE=${event.language}`;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//VV//Airdrop//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${utcDateTime(event.stamp)}`,
    `DTSTART:${utcDateTime(event.start)}`,
    `DURATION:PT${event.minutes}M`,
    `SUMMARY${lang}:${escapeText(event.summary)}`,
    `DESCRIPTION${lang}:${escapeText(event.description)}`,
    `URL:${event.url}`,
    // A reminder, not a meeting: the time stays free in the user's calendar.
    "TRANSP:TRANSPARENT",
    "BEGIN:VALARM",
    "ACTION:DISPLAY",
    `TRIGGER:-PT${event.alarm.minutesBefore}M`,
    `DESCRIPTION${lang}:${escapeText(event.alarm.description)}`,
    "END:VALARM",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
