import { messages } from "@admissions/shared";
import { render } from "@testing-library/react";
import type { RuleObject } from "antd/es/form";
import { isValidElement, type ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { lazyZodRule } from "./form-rules";

const email = z.email(messages.usernameInvalid);

function validate(rule: RuleObject, value: unknown): Promise<void> {
  return Promise.resolve(rule.validator!(rule, value, () => undefined));
}

describe("lazyZodRule", () => {
  it("checks the value with the schema it loads, in SPEC.md's words, as an element the form draws in the language of the moment", async () => {
    const rule = lazyZodRule(async () => email) as RuleObject;
    const refusal: unknown = await validate(rule, "not-an-email").then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isValidElement(refusal)).toBe(true);
    expect(render(refusal as ReactElement).container.textContent).toBe("The input is not valid email!");
    await expect(validate(rule, "applicant@example.in")).resolves.toBeUndefined();
  });

  it("lets the value through when the schema cannot be fetched, as the server checks it again", async () => {
    const rule = lazyZodRule(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module"))) as RuleObject;
    await expect(validate(rule, "not-an-email")).resolves.toBeUndefined();
  });
});
