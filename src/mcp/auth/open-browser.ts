import { spawn } from "node:child_process";

/**
 * @internal Shows `url` to the person signing in: always printed (to stderr by default, so it
 * never mixes with a program's output), and opened in the system browser where there is one
 * (`open` on macOS, the URL handler of `rundll32` on Windows, `xdg-open` under a graphical session
 * elsewhere; `TOOLWRIGHT_NO_BROWSER=1` only prints).
 */
export function openInBrowser(
  url: URL,
  print: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
  env: NodeJS.ProcessEnv = process.env,
): void {
  print(`To authorize, open this address in a browser:\n  ${url.href}`);
  const command = browserCommand(url.href, env);
  if (command === undefined) return;
  try {
    const child = spawn(command[0], command.slice(1), { stdio: "ignore", detached: true });
    // No browser installed is not an error: the address was printed.
    child.on("error", () => undefined);
    child.unref();
  } catch {
    // Same: the printed address is the fallback.
  }
}

function browserCommand(href: string, env: NodeJS.ProcessEnv): [string, ...string[]] | undefined {
  if (env.TOOLWRIGHT_NO_BROWSER === "1") return undefined;
  if (process.platform === "darwin") return ["open", href];
  // Not `cmd /c start`: the URL stays one argument that no shell parses (`&` in a query is safe).
  if (process.platform === "win32") return ["rundll32", "url.dll,FileProtocolHandler", href];
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return undefined;
  return ["xdg-open", href];
}
