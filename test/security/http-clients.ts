// Clients for the HTTP security tests: raw requests (headers as given, bodies declared or chunked,
// `Expect: 100-continue`), raw sockets, and the MCP SDK's client with a bearer token.
import { once } from "node:events";
import { request } from "node:http";
import { connect as connectSocket, type Socket } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

export const token = "s3cret-token";
export const auth = { authorization: `Bearer ${token}` };
export const initialize = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "raw", version: "1" },
  },
});

export interface Reply {
  status: number;
  headers: Record<string, unknown>;
  body: string;
  /** The client saw `100 Continue` before the answer. */
  continued: boolean;
}

/** A raw HTTP request: `body` as one piece (Content-Length) or, with `chunked`, in 64 KiB chunks. */
export function send(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    chunked?: boolean;
    /** Send the headers only and wait for `100 Continue` before the body. */
    expectContinue?: boolean;
  },
): Promise<Reply> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    let continued = false;
    const body = Buffer.from(options.body ?? "");
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: options.method ?? "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...(options.chunked === true ? {} : { "content-length": String(body.length) }),
          ...(options.expectContinue === true ? { expect: "100-continue" } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => {
          text += chunk.toString();
        });
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, continued }),
        );
      },
    );
    req.on("error", reject);
    if (options.expectContinue === true) {
      req.on("continue", () => {
        continued = true;
        req.end(body);
      });
      req.flushHeaders();
      return;
    }
    if (options.chunked === true) {
      for (let offset = 0; offset < body.length; offset += 65_536) {
        req.write(body.subarray(offset, offset + 65_536));
      }
      req.end();
      return;
    }
    req.end(body);
  });
}

/** A socket that records everything it receives, until the server closes it. */
export async function rawSocket(
  url: string,
): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  const target = new URL(url);
  const socket = connectSocket(Number(target.port), target.hostname);
  socket.on("error", () => undefined); // a reset after the answer is fine
  let text = "";
  socket.on("data", (chunk: Buffer) => {
    text += chunk.toString();
  });
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  await once(socket, "connect");
  return { socket, received: () => text, closed };
}

/** One raw request written as given (so headers can repeat), answered and closed. */
export async function sendRaw(url: string, head: string[], body = ""): Promise<string> {
  const { socket, received, closed } = await rawSocket(url);
  socket.end(
    `${[...head, "Connection: close", `Content-Length: ${Buffer.byteLength(body)}`].join("\r\n")}\r\n\r\n${body}`,
  );
  await closed;
  return received();
}

export async function connect(
  url: string,
  headers: Record<string, string> = auth,
): Promise<Client> {
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }),
  );
  return client;
}

export async function leave(client: Client): Promise<void> {
  await (client.transport as StreamableHTTPClientTransport).terminateSession();
  await client.close();
}

/** The headers a request inside `client`'s session needs. */
export function sessionHeaders(client: Client): Record<string, string> {
  const transport = client.transport as StreamableHTTPClientTransport;
  return {
    ...auth,
    "mcp-session-id": String(transport.sessionId),
    "mcp-protocol-version": String(transport.protocolVersion ?? "2025-06-18"),
  };
}
