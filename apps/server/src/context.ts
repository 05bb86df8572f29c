import type { Database, DatabaseHandle } from "./db/client.js";
import type { Settings } from "./env.js";
import type { SessionCache } from "./modules/auth/session-cache.js";
import type { Mailer } from "./modules/mail/mailer.js";
import type { FileStorage } from "./modules/uploads/storage.js";

/** What every service needs from the running app, passed explicitly rather than imported. */
export interface AppContext {
  db: Database;
  /** PGlite runs each statement in the server's own thread, where a long read holds every request back. */
  engine: DatabaseHandle["engine"];
  settings: Settings;
  mailer: Mailer;
  storage: FileStorage;
  /** Resolved sessions, for a few seconds; see session-cache.ts for who must tell it of changes. */
  sessionCache: SessionCache;
}

/** The signed-in user a service acts for. */
export interface Actor {
  id: number;
  userName: string;
  role: string;
  mobile: string | null;
  sessionId: number;
}

/** Where a request came from, for the activity log and the session record. */
export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}
