// A local control channel for the command line (`npm run staff`): PGlite lets only one process open the
// data folder, so while the shop runs, the CLI asks the shop to do the work. The socket lives in the data
// folder and is readable by its owner only: being able to use it means having the shop's files anyway.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { isStaffRole, ROLE_LABELS, type StaffRole } from "../domain/roles";
import type { Services } from "./services";

export type ControlCommand = { command: "staff-add"; email: string; role?: StaffRole } | { command: "staff-remove"; email: string };
export type ControlAnswer = { ok: boolean; message: string; link?: string };

export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, "control.sock");
}

export async function runControlCommand(services: Services, command: ControlCommand): Promise<ControlAnswer> {
  if (command.command === "staff-add") {
    const role = command.role ?? "staff";
    if (!isStaffRole(role)) return { ok: false, message: `The role must be staff or manager, not ${String(role)}` };
    const result = await services.accounts.addStaff(command.email, role);
    if (!result.ok) return { ok: false, message: result.message };
    const label = ROLE_LABELS[role].toLowerCase();
    const what = result.created
      ? `Added ${label} account ${command.email}.`
      : result.previousRole !== role
        ? `${command.email} is now a ${label}.`
        : `Found ${label} account ${command.email}.`;
    return {
      ok: true,
      message: `${what} Send them this single-use link (it expires in one hour) to set a password; it has also been emailed:`,
      link: result.link,
    };
  }
  if (command.command === "staff-remove") return services.accounts.removeStaff(command.email);
  return { ok: false, message: "Unknown command" };
}

/** Listens on the data folder's control socket; answers one JSON command per connection. */
export async function startControlSocket(services: Services, dataDir: string, log: { warn(obj: object, msg: string): void }): Promise<() => Promise<void>> {
  const socketPath = controlSocketPath(dataDir);
  if (socketPath.length > 100) {
    log.warn({ socketPath }, "data folder path too long for a control socket; `npm run staff` needs the shop stopped");
    return async () => {};
  }
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    let input = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      input += chunk;
      if (input.length > 10_000) socket.destroy();
      if (!input.includes("\n")) return;
      let command: ControlCommand;
      try {
        command = JSON.parse(input.slice(0, input.indexOf("\n"))) as ControlCommand;
      } catch {
        socket.end(`${JSON.stringify({ ok: false, message: "Not a command" })}\n`);
        return;
      }
      runControlCommand(services, command)
        .then((answer) => socket.end(`${JSON.stringify(answer)}\n`))
        .catch((error: unknown) => socket.end(`${JSON.stringify({ ok: false, message: (error as Error).message })}\n`));
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  fs.chmodSync(socketPath, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      fs.rmSync(socketPath, { force: true });
    });
}

/** Sends a command to a running shop; null when no shop answers on the socket. */
export function sendControlCommand(dataDir: string, command: ControlCommand): Promise<ControlAnswer | null> {
  const socketPath = controlSocketPath(dataDir);
  if (!fs.existsSync(socketPath)) return Promise.resolve(null);
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    let output = "";
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write(`${JSON.stringify(command)}\n`));
    socket.on("data", (chunk: string) => (output += chunk));
    socket.on("end", () => {
      try {
        resolve(JSON.parse(output) as ControlAnswer);
      } catch {
        resolve(null);
      }
    });
    socket.on("error", () => resolve(null));
  });
}
