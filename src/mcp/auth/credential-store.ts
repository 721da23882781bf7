import { chmod, mkdir, open, readFile, rename, rm } from "node:fs/promises";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { randomHexId } from "../../internal/random-id.js";

/**
 * What toolwright keeps for one MCP server after a login: the OAuth tokens, the client registered
 * with each authorization server (by issuer), the discovery results and the redirect address used.
 * Plain JSON, so a store can put it anywhere.
 *
 * @example
 * ```ts
 * const saved: McpStoredCredentials | undefined = await store.load("https://mcp.example.com/mcp");
 * saved?.tokens?.access_token;
 * ```
 */
export interface McpStoredCredentials {
  /** The token response as the authorization server sent it, stamped with its `issuer` by the SDK. */
  tokens?: McpStoredTokens | undefined;
  /** When `tokens` were saved (ms since the epoch), so `expires_in` can be read against it. */
  tokensSavedAt?: number | undefined;
  /** The registered client (its `client_id`, and `client_secret` when one was issued), by issuer. */
  clients?: Readonly<Record<string, Readonly<Record<string, unknown>>>> | undefined;
  /** Protected-resource and authorization-server metadata found at the last discovery. */
  discovery?: Readonly<Record<string, unknown>> | undefined;
  /** The loopback redirect URI the client was registered with (its port is reused). */
  redirectUrl?: string | undefined;
}

/**
 * An OAuth token response as kept in a store.
 *
 * @example
 * ```ts
 * const tokens: McpStoredTokens = { access_token: "…", token_type: "Bearer", refresh_token: "…" };
 * ```
 */
export interface McpStoredTokens {
  access_token: string;
  token_type: string;
  refresh_token?: string | undefined;
  expires_in?: number | undefined;
  scope?: string | undefined;
  [key: string]: unknown;
}

/**
 * Where MCP logins are kept, one entry per server URL. `toolwright mcp login` writes to it,
 * `McpTool.connect` reads it (and writes refreshed tokens back). The default is a per-user file
 * (`FileCredentialStore`); pass your own to keep credentials in a secret manager or a database.
 *
 * @example
 * ```ts
 * const store: McpCredentialStore = new FileCredentialStore({ path: "/run/secrets/mcp-auth.json" });
 * await McpTool.connect({ url }, { auth: { store } });
 * ```
 */
export interface McpCredentialStore {
  /** The credentials saved for `server`, or `undefined`. */
  load(server: string): Promise<McpStoredCredentials | undefined>;
  /** Replaces what is saved for `server`. */
  save(server: string, credentials: McpStoredCredentials): Promise<void>;
  /** Forgets `server`; resolves to whether anything was saved for it. */
  delete(server: string): Promise<boolean>;
  /** The servers with saved credentials. */
  list(): Promise<string[]>;
}

/**
 * The key a server's login is stored under: its URL without user, password or fragment.
 *
 * @example
 * ```ts
 * credentialKey("https://user@mcp.example.com/mcp#x"); // "https://mcp.example.com/mcp"
 * ```
 */
export function credentialKey(url: URL | string): string {
  const key = new URL(url);
  key.hash = "";
  key.username = "";
  key.password = "";
  return key.href;
}

interface StoreFile {
  version: 1;
  servers: Record<string, McpStoredCredentials>;
}

/**
 * The default credential file: `$TOOLWRIGHT_MCP_AUTH_FILE`, else `mcp-auth.json` in toolwright's
 * per-user configuration folder (`$XDG_CONFIG_HOME/toolwright`, `~/.config/toolwright`, or
 * `%APPDATA%\toolwright` on Windows).
 *
 * @example
 * ```ts
 * defaultCredentialFile(); // "/home/ada/.config/toolwright/mcp-auth.json"
 * ```
 */
export function defaultCredentialFile(env: NodeJS.ProcessEnv = process.env): string {
  const explicit = env.TOOLWRIGHT_MCP_AUTH_FILE;
  if (explicit !== undefined && explicit !== "") return explicit;
  const base =
    process.platform === "win32" && env.APPDATA
      ? env.APPDATA
      : env.XDG_CONFIG_HOME || join(homedir(), ".config");
  return join(base, "toolwright", "mcp-auth.json");
}

/**
 * Keeps MCP logins in one JSON file readable only by its owner (mode 0600, in a 0700 folder).
 * Every write replaces the file atomically (a temporary file renamed over it), so a reader never
 * sees half a file; writes of one process are serialised.
 *
 * @example
 * ```ts
 * const store = new FileCredentialStore(); // ~/.config/toolwright/mcp-auth.json
 * await store.list(); // ["https://mcp.example.com/mcp"]
 * ```
 */
export class FileCredentialStore implements McpCredentialStore {
  /** The file's path. */
  readonly path: string;
  #writes: Promise<unknown> = Promise.resolve();

  constructor(options: { path?: string | undefined } = {}) {
    this.path = options.path ?? defaultCredentialFile();
  }

  async load(server: string): Promise<McpStoredCredentials | undefined> {
    await this.#writes;
    return (await this.#read()).servers[server];
  }

  async save(server: string, credentials: McpStoredCredentials): Promise<void> {
    await this.#update((file) => {
      file.servers[server] = credentials;
      return true;
    });
  }

  async delete(server: string): Promise<boolean> {
    let found = false;
    await this.#update((file) => {
      found = Object.hasOwn(file.servers, server);
      delete file.servers[server];
      return found;
    });
    return found;
  }

  async list(): Promise<string[]> {
    await this.#writes;
    return Object.keys((await this.#read()).servers).sort();
  }

  async #read(): Promise<StoreFile> {
    let text: string;
    try {
      text = await readFile(this.path, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return { version: 1, servers: {} };
      throw error;
    }
    const parsed = JSON.parse(text) as Partial<StoreFile>;
    if (parsed.version !== 1 || typeof parsed.servers !== "object" || parsed.servers === null) {
      throw new Error(`${this.path} is not a toolwright MCP credential file (version 1)`);
    }
    return { version: 1, servers: { ...parsed.servers } };
  }

  #update(change: (file: StoreFile) => boolean): Promise<void> {
    const next = this.#writes.then(async () => {
      const file = await this.#read();
      if (!change(file)) return;
      await writePrivately(this.path, `${JSON.stringify(file, null, 2)}\n`);
    });
    this.#writes = next.catch(() => undefined);
    return next;
  }
}

/** Writes `text` to `path` through a 0600 temporary file renamed over it. */
async function writePrivately(path: string, text: string): Promise<void> {
  const folder = dirname(path);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const temporary = join(folder, `.${randomHexId()}.tmp`);
  const handle = await open(temporary, "wx", 0o600);
  try {
    await handle.writeFile(text, "utf8");
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    // The mode given to open() is filtered by the umask; the file must be the owner's alone.
    await chmod(temporary, 0o600);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
