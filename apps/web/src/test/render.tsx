import type { FieldError } from "@admissions/shared";
import { act, render, screen, within } from "@testing-library/react";
import { useEffect, type ComponentType, type ReactNode } from "react";
import { MemoryRouter, useLocation, useNavigate, type Location, type NavigateFunction } from "react-router";
import { expect, vi } from "vitest";
import { Providers } from "../app/providers";
import { AppRoutes } from "../app/router";
import { createQueryClient } from "../lib/query-client";

export type Answer = { status: number; body: unknown };
export type Handler = (init?: RequestInit) => Answer | Promise<Answer>;

/** The contract's envelope of a success, for a handler that answers according to the request. */
export const okAnswer = (data: unknown, message = "OK"): Answer => ({ status: 200, body: { status: "success", message, data } });

/** The contract's envelope of a refusal, with the fields' errors when a form's input was refused. */
export const failureAnswer = (status: number, message: string, errors?: FieldError[]): Answer => ({
  status,
  body: { status: "error", message, data: errors ? { errors } : null },
});

/** A handler that answers every request with success and `data`. */
export const ok =
  (data: unknown, message?: string): Handler =>
  () =>
    okAnswer(data, message);

/** A handler that answers as `handler` does once `ms` have passed: a request still on its way when the user acts again. */
export const after =
  (ms: number, handler: Handler): Handler =>
  async (init) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return handler(init);
  };

/** A handler that refuses every request. */
export const failure =
  (status: number, message: string, errors?: FieldError[]): Handler =>
  () =>
    failureAnswer(status, message, errors);

/**
 * The browser's fetch, answering as the API's contract says (the API itself is tested against a
 * real database in apps/server); records every call so a test can assert that none was made.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init });
    const match = Object.keys(handlers)
      .sort((a, b) => b.length - a.length)
      .find((prefix) => url.startsWith(prefix));
    const { status, body } = match
      ? await handlers[match]!(init)
      : { status: 404, body: { status: "error", message: "Not found", data: null } };
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  });
  vi.stubGlobal("fetch", fetchStub);
  return calls;
}

export const signedOut = { "/booking/api/auth/me": failure(401, "Please sign in to continue.") };

export function signedInAs(roleName: string, userName = "person@example.in", degreeIds: number[] | null = null) {
  return {
    "/booking/api/auth/me": ok({ userId: 7, userName, roleName, mobile: null, degreeIds }),
  };
}

type Report = (location: Location, navigate: NavigateFunction) => void;

/** Tells the test where the app has gone, and hands it the app's own navigate. */
function RouterProbe({ report }: { report: Report }) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => report(location, navigate), [report, location, navigate]);
  return null;
}

/**
 * The real route tree in memory, starting at a path. `router` reads like a data router's: where it
 * is (`state.location`), and `navigate(to)` as if the visitor followed a link. `wrapper` goes around it all
 * (another i18next instance, say).
 */
export function renderAt(path: string, { wrapper }: { wrapper?: ComponentType<{ children: ReactNode }> } = {}) {
  let navigateInApp: NavigateFunction | undefined;
  const { pathname, search, hash } = new URL(path, "http://localhost");
  const router = {
    state: { location: { pathname, search, hash, state: null, key: "default" } as Location },
    navigate: (to: string) => act(async () => void (await navigateInApp?.(to))),
  };
  const report: Report = (location, navigate) => {
    router.state = { location };
    navigateInApp = navigate;
  };
  const view = render(
    <Providers queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <RouterProbe report={report} />
      </MemoryRouter>
    </Providers>,
    { wrapper },
  );
  return { router, ...view };
}

/** Ant Design names its dialogs through an id that jsdom sees twice, so the title is checked by text. */
export async function openDialog(title: string) {
  const dialog = await screen.findByRole("dialog");
  expect(within(dialog).getByText(title)).toBeTruthy();
  return dialog;
}

/** The table row that shows a name. */
export const findRow = async (name: string) => (await screen.findByText(name)).closest("tr")!;
