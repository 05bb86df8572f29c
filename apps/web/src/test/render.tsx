import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { vi } from "vitest";
import { Providers } from "../app/providers";
import { routeTree } from "../app/router";
import { signOutOnUnauthorized } from "../app/session-expiry";
import { createQueryClient } from "../lib/query-client";

type Handler = (init: RequestInit | undefined) => { status: number; body: unknown };

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
      ? handlers[match]!(init)
      : { status: 404, body: { status: "error", message: "Not found", data: null } };
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  });
  vi.stubGlobal("fetch", fetchStub);
  return calls;
}

export const signedOut = { "/booking/api/auth/me": () => ({ status: 401, body: { status: "error", message: "Please sign in to continue.", data: null } }) };

export function signedInAs(roleName: string, userName = "person@example.in") {
  return {
    "/booking/api/auth/me": () => ({ status: 200, body: { status: "success", message: "OK", data: { userId: 7, userName, roleName, mobile: null } } }),
  };
}

/** The real route tree in memory, starting at a path. */
export function renderAt(path: string) {
  const router = createMemoryRouter(routeTree, { initialEntries: [path] });
  const queryClient = createQueryClient();
  signOutOnUnauthorized(queryClient, router);
  const view = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...view };
}
