// The inspector's JSON API, with the token from the page's address on every request.

const token = new URLSearchParams(location.search).get("token") ?? "";
const headers = { Authorization: `Bearer ${token}` };

/** An API answer that is not 2xx: its status and the server's message (the body, when JSON). */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} message
   * @param {unknown} body
   */
  constructor(status, message, body) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

/**
 * GET (or POST `body` as JSON) an API path; rejects with an `ApiError` for a non-2xx answer.
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<any>}
 */
export async function api(path, body) {
  const response = await fetch(
    path,
    body === undefined
      ? { headers }
      : {
          method: "POST",
          headers: { ...headers, "Content-Type": "application/json" },
          body: JSON.stringify(body),
        },
  );
  const text = await response.text();
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = text;
  }
  if (!response.ok) {
    const message = typeof parsed === "object" && parsed?.error ? parsed.error : text;
    throw new ApiError(response.status, `${response.status}: ${message}`, parsed);
  }
  return parsed;
}

/**
 * Follows `/api/live` (server-sent events read through fetch, since EventSource cannot send the
 * token header); reconnects after a drop. Calls `onCall` with each call and `onState` with
 * "connected" or "reconnecting".
 * @param {(call: any) => void} onCall
 * @param {(state: string) => void} onState
 */
export async function followLive(onCall, onState) {
  for (;;) {
    try {
      const response = await fetch("/api/live", { headers });
      if (!response.ok || response.body === null) throw new Error(String(response.status));
      onState("connected");
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end = buffer.indexOf("\n\n");
        while (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split("\n")
            .filter((line) => line.startsWith("data: "))
            .map((line) => line.slice(6))
            .join("\n");
          if (data !== "") onCall(JSON.parse(data));
          end = buffer.indexOf("\n\n");
        }
      }
    } catch {
      // dropped or refused: try again shortly
    }
    onState("reconnecting");
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}
