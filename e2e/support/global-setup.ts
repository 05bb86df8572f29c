import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { E2E_BASE_URL, E2E_PORT, dataFolder, mailFolder, repoRoot } from "./environment";

/** A local SMTP sink: what the app mails lands in files the tests can read. */
async function startSmtpSink(): Promise<{ port: number; close: () => Promise<void> }> {
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        count += 1;
        const to = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase());
        writeFileSync(path.join(mailFolder, `${Date.now()}-${count}.json`), JSON.stringify({ to, raw: Buffer.concat(chunks).toString("utf8") }));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function waitForHealth(server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the app exited with ${server.exitCode}:\n${log()}`);
    try {
      const response = await fetch(`${E2E_BASE_URL}/booking/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the app did not become healthy within 60 s:\n${log()}`);
}

/** Starts the built app as a newcomer would, on a fresh data folder, with demo data and the mail sink. */
export default async function globalSetup() {
  const serverEntry = path.join(repoRoot, "apps/server/dist/server.js");
  if (!existsSync(serverEntry) || !existsSync(path.join(repoRoot, "apps/web/dist/index.html"))) {
    throw new Error("Build first: npm run build");
  }
  // Another run's app on the port would answer our health check and our tests: refuse instead.
  const portTaken = await fetch(`${E2E_BASE_URL}/booking/health`).then(
    () => true,
    () => false,
  );
  if (portTaken) throw new Error(`Port ${E2E_PORT} is already serving something; stop it or set E2E_PORT to a free port.`);

  rmSync(path.dirname(mailFolder), { recursive: true, force: true });
  mkdirSync(mailFolder, { recursive: true });

  const sink = await startSmtpSink();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(E2E_PORT),
    HOST: "127.0.0.1",
    DATA_DIR: dataFolder,
    PUBLIC_URL: E2E_BASE_URL,
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    LOG_LEVEL: "warn",
  };
  delete env.DATABASE_URL;

  const seed = spawnSync(process.execPath, [path.join(repoRoot, "apps/server/dist/db/seed-demo.js")], { env, encoding: "utf8" });
  if (seed.status !== 0) throw new Error(`seeding failed:\n${seed.stdout}\n${seed.stderr}`);

  let output = "";
  const server = spawn(process.execPath, [serverEntry], { env, stdio: ["ignore", "pipe", "pipe"] });
  server.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await waitForHealth(server, () => output);

  return async () => {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    await sink.close();
  };
}
