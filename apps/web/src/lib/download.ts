import { TOTAL_COUNT_HEADER, type Envelope } from "@admissions/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "./api-client";

/** A file the API has sent, held as an object URL until the next download or until the screen closes. */
export interface DownloadedFile {
  url: string;
  fileName: string;
  bytes: number;
  /** How many records the file holds, when the server says (X-Total-Count). */
  totalItems: number | null;
}

export type DownloadState =
  | { phase: "idle" }
  /** Asked; nothing has arrived yet, so how long it takes is unknown. */
  | { phase: "waiting" }
  | { phase: "receiving"; receivedBytes: number; totalItems: number | null }
  | { phase: "done"; file: DownloadedFile }
  | { phase: "failed"; error: unknown };

/** The name the server gave in Content-Disposition (RFC 6266, `filename*` first), or the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const encoded = disposition && /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = disposition && /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(disposition);
  let name = plain ? (plain[1] ?? plain[2] ?? "").trim() : "";
  if (encoded) {
    try {
      name = decodeURIComponent(encoded);
    } catch {
      // A malformed encoding: the plain name (or the fallback) will do.
    }
  }
  // A name, never a path.
  name = name.replace(/[/\\]/g, "_");
  return name || fallback;
}

async function failureOf(response: Response): Promise<ApiError> {
  const payload = (await response.json().catch(() => null)) as Envelope<unknown> | null;
  return new ApiError(response.status, payload?.message ?? "");
}

/**
 * Fetches a file the API streams, reporting the bytes as they arrive (no overall timeout: a large
 * export may take minutes; the signal cancels it), and answers it as an object URL.
 */
export async function fetchFile(
  path: string,
  options: { fallbackName: string; signal?: AbortSignal; onProgress(progress: { receivedBytes: number; totalItems: number | null }): void },
): Promise<DownloadedFile> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: "same-origin", signal: options.signal });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, "network");
  }
  if (!response.ok) throw await failureOf(response);

  const count = response.headers.get(TOTAL_COUNT_HEADER);
  const totalItems = count !== null && /^\d+$/.test(count) ? Number(count) : null;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let receivedBytes = 0;
  options.onProgress({ receivedBytes, totalItems });
  const reader = response.body?.getReader();
  try {
    while (reader) {
      const chunk = await reader.read();
      if (chunk.done) break;
      chunks.push(chunk.value);
      receivedBytes += chunk.value.byteLength;
      options.onProgress({ receivedBytes, totalItems });
    }
  } catch (error) {
    if (options.signal?.aborted) throw error;
    // The connection broke mid-file: what arrived is not a file.
    throw new ApiError(0, "network");
  }
  const blob = new Blob(chunks, { type: response.headers.get("content-type") ?? "application/octet-stream" });
  return {
    url: URL.createObjectURL(blob),
    fileName: fileNameOf(response.headers.get("content-disposition"), options.fallbackName),
    bytes: receivedBytes,
    totalItems,
  };
}

/** Hands a downloaded file to the browser's save dialog or downloads folder. */
export function saveFile(file: DownloadedFile): void {
  const link = document.createElement("a");
  link.href = file.url;
  link.download = file.fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/** 1536 as "1.5 kB" in the reader's language. */
export function formatBytes(bytes: number, locale: string): string {
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, "megabyte"] : bytes >= 1_000 ? [bytes / 1_000, "kilobyte"] : [bytes, "byte"];
  return new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: 1 }).format(value);
}

/**
 * A download with progress for a screen: one at a time, saved when complete, cancelled and its
 * object URL released when the screen closes.
 */
export function useDownload() {
  const [state, setState] = useState<DownloadState>({ phase: "idle" });
  const running = useRef<AbortController | null>(null);
  const kept = useRef<string | null>(null);

  const release = () => {
    if (kept.current) URL.revokeObjectURL(kept.current);
    kept.current = null;
  };
  useEffect(
    () => () => {
      running.current?.abort();
      release();
    },
    [],
  );

  const start = useCallback(async (path: string, fallbackName: string) => {
    if (running.current) return;
    release();
    const controller = new AbortController();
    running.current = controller;
    setState({ phase: "waiting" });
    try {
      const file = await fetchFile(path, {
        fallbackName,
        signal: controller.signal,
        // The headers alone are not progress: the indeterminate state lasts until the first bytes.
        onProgress: (progress) => progress.receivedBytes > 0 && setState({ phase: "receiving", ...progress }),
      });
      kept.current = file.url;
      saveFile(file);
      setState({ phase: "done", file });
    } catch (error) {
      if (!controller.signal.aborted) setState({ phase: "failed", error });
    } finally {
      running.current = null;
    }
  }, []);

  return { state, start, isRunning: state.phase === "waiting" || state.phase === "receiving" };
}
