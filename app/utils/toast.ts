/**
 * A toast as it travels (flash cookie or action data): a code or a translation key,
 * never finished text, so it is rendered in the reader's language. `message` is only
 * the server's own text for a code we do not know.
 */
export interface Toast {
  kind: "success" | "error" | "info";
  code?: number;
  key?: string;
  params?: Record<string, string | number>;
  message?: string;
}
