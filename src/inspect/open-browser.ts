import { spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

/** @internal How to open a URL on this machine, if a browser can be opened at all. */
export interface BrowserCommand {
  readonly command: string;
  readonly args: readonly string[];
}

/**
 * @internal The command that opens `url` in the user's browser: `$BROWSER` when set, `open` on macOS,
 * `start` on Windows, `xdg-open` on Linux with a display; `undefined` where none would show a window
 * (a server, a container, an SSH session without a display).
 *
 * @example
 * ```ts
 * browserCommand("http://127.0.0.1:5173/?token=…", process.env, process.platform);
 * ```
 */
export function browserCommand(
  url: string,
  env: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform,
): BrowserCommand | undefined {
  const chosen = env.BROWSER?.trim();
  if (chosen !== undefined && chosen !== "") return { command: chosen, args: [url] };
  if (platform === "darwin") return { command: "open", args: [url] };
  if (platform === "win32") return { command: "cmd", args: ["/c", "start", '""', url] };
  const display = (env.DISPLAY ?? "") !== "" || (env.WAYLAND_DISPLAY ?? "") !== "";
  if (!display || findOnPath("xdg-open", env.PATH ?? "") === undefined) return undefined;
  return { command: "xdg-open", args: [url] };
}

/**
 * @internal Opens `url` with `command`, detached and silent; a browser that fails to start changes
 * nothing (the URL is printed anyway).
 *
 * @example
 * ```ts
 * const command = browserCommand(url, process.env, process.platform);
 * if (command !== undefined) openBrowser(command);
 * ```
 */
export function openBrowser(command: BrowserCommand): void {
  try {
    const child = spawn(command.command, [...command.args], { detached: true, stdio: "ignore" });
    child.once("error", () => undefined);
    child.unref();
  } catch {
    // Opening a browser is a convenience: the address on stderr is the way in.
  }
}

function findOnPath(name: string, path: string): string | undefined {
  for (const directory of path.split(delimiter)) {
    if (directory === "") continue;
    try {
      accessSync(join(directory, name), constants.X_OK);
      return join(directory, name);
    } catch {
      // not here
    }
  }
  return undefined;
}
