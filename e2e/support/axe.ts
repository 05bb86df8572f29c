import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** WCAG 2.1 A and AA rules, as axe-core checks them, on the page as it is now. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // A dropdown still closing is neither open nor gone; check the page once it has settled.
  await expect(page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden)")).toHaveCount(0);
  await finishRunningAnimations(page);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const summary = results.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
  expect(summary, "axe-core violations").toEqual([]);
}

/**
 * Waits out every animation that ends. A toast fading in or out is half transparent, and
 * axe-core measures its contrast against what shows through; spinners, which never end, are left.
 */
async function finishRunningAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const ending = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    // A cancelled animation rejects `finished`; it has stopped all the same.
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
}
