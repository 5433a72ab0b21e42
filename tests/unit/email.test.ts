import { describe, expect, test } from "vitest";
import { isValidEmail, normalizeEmail } from "#api/src/domain/accounts/email.ts";

describe("normalizeEmail", () => {
  test("trims and lower-cases: one mailbox, one account", () => {
    expect(normalizeEmail("  Alice@Example.COM ")).toBe("alice@example.com");
    expect(normalizeEmail("bob@example.com")).toBe("bob@example.com");
    expect(normalizeEmail("\tX@Y.IO\n")).toBe("x@y.io");
  });
});

describe("isValidEmail (of a normalized address)", () => {
  test.each([
    ["a@example.com"],
    ["first.last@example.com"],
    ["first.last+tag@sub.example.co.uk"],
    ["user_name-1@my-domain.io"],
    ["x@b.cd"],
    ["o'brien@example.ie"],
    ["123@456.com"],
  ])("accepts %s", (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  test.each([
    [""],
    ["plain"],
    ["a@b"],
    ["a@@example.com"],
    ["a b@example.com"],
    ["a@exa mple.com"],
    ["a@example..com"],
    ["a..b@example.com"],
    ["@example.com"],
    ["a@"],
    ["a@.com"],
    ["a@example.c"],
    ["a@example.123"],
    ["a@-example.com"],
    ["a@example-.com"],
    ["ü@example.com"],
    ["a@exämple.com"],
    ["a@example.com\n"],
    ["<a@example.com>"],
    ["a@example.com,b@example.com"],
  ])("rejects %j", (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  test("an address longer than 254 characters is refused", () => {
    const label = "a".repeat(60);
    const fits = `${"x".repeat(6)}@${[label, label, label, label].join(".")}.com`; // 254
    expect(fits.length).toBe(254);
    expect(isValidEmail(fits)).toBe(true);
    const long = `x${fits}`;
    expect(long.length).toBe(255);
    expect(isValidEmail(long)).toBe(false);
  });

  test("expects normalized input: upper case only passes after normalizeEmail", () => {
    expect(isValidEmail("A@EXAMPLE.COM")).toBe(false);
    expect(isValidEmail(normalizeEmail(" A@EXAMPLE.COM "))).toBe(true);
  });
});
