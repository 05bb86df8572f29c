import { limits, type Envelope, type FieldError } from "@admissions/shared";

/** A failed call: the HTTP status and the envelope's message and field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: FieldError[] = [],
  ) {
    super(message);
    this.name = "ApiError";
  }
}

type UnauthorizedListener = () => void;
let onUnauthorized: UnauthorizedListener = () => undefined;

/** SPEC.md: any 401 clears local storage and goes to /signin; the app decides how. */
export function setUnauthorizedListener(listener: UnauthorizedListener): void {
  onUnauthorized = listener;
}

interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  /** JSON, or FormData for a multipart upload (the browser sets its content type). */
  body?: unknown;
  /** A 401 here is an answer, not an expired session (sign-in, the session probe). */
  expectUnauthorized?: boolean;
}

/** Calls the API and unwraps the envelope; failures throw ApiError with the server's message. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? "GET",
      credentials: "same-origin",
      headers:
        options.body === undefined || options.body instanceof FormData
          ? { accept: "application/json" }
          : { accept: "application/json", "content-type": "application/json" },
      body: options.body === undefined ? undefined : options.body instanceof FormData ? options.body : JSON.stringify(options.body),
      signal: AbortSignal.timeout(limits.requestTimeoutMs),
    });
  } catch {
    throw new ApiError(0, "network");
  }
  const payload = (await response.json().catch(() => null)) as (Envelope<unknown> & { data: { errors?: FieldError[] } | null }) | null;
  if (response.status === 401 && !options.expectUnauthorized) onUnauthorized();
  if (!response.ok || payload?.status === "error") {
    throw new ApiError(response.status, payload?.message ?? "", payload?.data?.errors ?? []);
  }
  return payload as Envelope<T>;
}

/** A file the API serves (a document), as a blob; 401 handling as for any call. */
export async function apiBlob(path: string): Promise<Blob> {
  const response = await fetch(path, { credentials: "same-origin", signal: AbortSignal.timeout(limits.requestTimeoutMs) });
  if (response.status === 401) onUnauthorized();
  if (!response.ok) throw new ApiError(response.status, "");
  return response.blob();
}
