/**
 * Runs the steps in order, each in a task of its own, so that the browser may draw, answer input or
 * run other work between them: a step that would make one task long on a phone stays a task apart.
 */
export function oneTaskEach([step, ...rest]: readonly (() => void)[]): void {
  if (!step) return;
  setTimeout(() => {
    step();
    oneTaskEach(rest);
  });
}
