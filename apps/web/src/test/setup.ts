import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { i18nReady, loadStaffTexts } from "../lib/i18n";

// jsdom lacks the layout APIs Ant Design asks for; they answer "desktop, nothing observed".
Object.defineProperty(window, "matchMedia", {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }),
});
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// A screen's first visit in a file loads its lazy chunk, which Vite transforms on demand (for
// /admission that includes drawing its prebuilt Ant Design sheet): seconds on a busy machine,
// beyond Testing Library's one-second wait. Tests check where the app gets, not how fast.
configure({ asyncUtilTimeout: 10_000 });

// The app renders once the starting language is in; so do the tests, with the signed-in screens'
// texts and the staff's too, since many draw a screen or a dialog without its layout.
await i18nReady;
await loadStaffTexts();

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});
