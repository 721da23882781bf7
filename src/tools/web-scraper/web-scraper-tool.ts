import { z } from "zod";
import { activity } from "../../activity/activity.js";
import type { ActivityContext } from "../../activity/activity-context.js";
import { ErrorArtifact } from "../../artifacts/error-artifact.js";
import { TextArtifact } from "../../artifacts/text-artifact.js";
import { ToolConfigError } from "../../errors/tool-config-error.js";
import {
  aFunction,
  aString,
  type OptionRules,
  positiveNumber,
  stringArray,
  timerMs,
  wholeNumber,
} from "../../internal/option-rules.js";
import { Tool } from "../../tool/tool.js";
import type { ToolOptions } from "../../tool/tool-options.js";
import { AddressPolicy } from "../http/address-policy.js";
import { FetchRefusal, guardedFetch, type HostResolver } from "../http/guarded-fetch.js";
import { BodyTooLargeError, decodeText, parseContentType } from "../http/read-body.js";
import { textEncoding } from "../http/text-encoding.js";
import { checkBuiltInToolOptions } from "../tool-option.js";
import { binaryContent } from "./binary-content.js";
import { DownloadProgress } from "./download-progress.js";
// Its outputs go off-prompt: loading the task memory lets a Toolbox given none make its default one.
import "../../memory/task-memory.js";

/**
 * Options of a {@link WebScraperTool}.
 *
 * @example
 * ```ts
 * new WebScraperTool({ allowedAddresses: ["10.0.0.0/8"], maxResponseBytes: 1_000_000 });
 * ```
 */
export interface WebScraperToolOptions extends ToolOptions {
  /** Addresses or CIDR ranges allowed although not public (an intranet, `127.0.0.1` in tests). */
  allowedAddresses?: readonly string[];
  /** Resolves host names; `dns.lookup` by default. Every address it returns is checked. */
  resolveHost?: HostResolver;
  /** Largest response body read, in bytes; 5 MB by default. */
  maxResponseBytes?: number;
  /** Time limit of one fetch (all redirects included), in milliseconds; 15,000 by default. */
  fetchTimeoutMs?: number;
  /** Most redirects followed; 5 by default. */
  maxRedirects?: number;
  /** The `user-agent` header sent. */
  userAgent?: string;
}

const optionRules: OptionRules = {
  allowedAddresses: stringArray,
  resolveHost: aFunction,
  maxResponseBytes: positiveNumber,
  fetchTimeoutMs: timerMs,
  maxRedirects: wholeNumber(0),
  userAgent: aString,
};

const getContentSchema = z.object({ url: z.string().describe("Valid HTTP URL") });

const textTypes = /^(text\/|application\/(json|xml|[\w.+-]+\+(json|xml))$)/;
const htmlTypes = new Set(["text/html", "application/xhtml+xml"]);

/**
 * Griptape's WebScraperTool: fetches a page and returns its readable text. It only reaches public
 * addresses (checked after DNS resolution and on every redirect, with the connection pinned to the checked
 * address), caps size (after decompression too) and time, decodes gzip, deflate, br and zstd bodies, and
 * refuses content it cannot read as text, binary content labelled as text included.
 *
 * @example
 * ```ts
 * const scraper = new WebScraperTool();
 * const page = await scraper.run("get_content", { url: "https://example.com" });
 * ```
 */
export class WebScraperTool extends Tool {
  readonly maxResponseBytes: number;
  readonly fetchTimeoutMs: number;
  readonly maxRedirects: number;
  readonly #policy: AddressPolicy;
  readonly #resolveHost: HostResolver | undefined;
  readonly #userAgent: string;

  constructor(options: WebScraperToolOptions = {}) {
    checkBuiltInToolOptions(new.target, options, optionRules);
    const {
      allowedAddresses,
      resolveHost,
      maxResponseBytes,
      fetchTimeoutMs,
      maxRedirects,
      userAgent,
      ...base
    } = options;
    // A page is big: its text goes to the task memory and the model gets a reference it can query.
    super({ offPrompt: true, ...base });
    try {
      this.#policy = new AddressPolicy(allowedAddresses);
    } catch (error) {
      throw new ToolConfigError({
        toolName: this.name,
        option: "allowedAddresses",
        message: (error as Error).message,
      });
    }
    this.#resolveHost = resolveHost;
    this.maxResponseBytes = maxResponseBytes ?? 5_000_000;
    this.fetchTimeoutMs = fetchTimeoutMs ?? 15_000;
    this.maxRedirects = maxRedirects ?? 5;
    this.#userAgent = userAgent ?? "toolwright-web-scraper";
  }

  @activity({
    description: "Can be used to browse a web page and load its content",
    schema: getContentSchema,
    annotations: { readOnly: true, idempotent: true, openWorld: true },
  })
  async get_content(
    input: z.output<typeof getContentSchema>,
    context: ActivityContext,
  ): Promise<TextArtifact | ErrorArtifact> {
    const timeout = AbortSignal.timeout(this.fetchTimeoutMs);
    const signal = AbortSignal.any([context.signal, timeout]);
    const download = new DownloadProgress(context);
    let response: Awaited<ReturnType<typeof guardedFetch>>;
    try {
      response = await guardedFetch(input.url, {
        policy: this.#policy,
        resolve: this.#resolveHost,
        maxBytes: this.maxResponseBytes,
        maxRedirects: this.maxRedirects,
        signal,
        headers: {
          "user-agent": this.#userAgent,
          accept: "text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5",
        },
        onBytes: (read, total) => download.bytes(read, total),
      });
    } catch (error) {
      // A listener that threw fails the call as in any tool; it is no fetch error for the model.
      if (context.signal.aborted || download.threw(error)) throw error;
      if (timeout.aborted) {
        return failure(
          `fetching ${input.url} took longer than ${this.fetchTimeoutMs} ms`,
          "timeout",
        );
      }
      if (error instanceof FetchRefusal)
        return failure(`error fetching ${input.url}: ${error.message}`, error.code);
      if (error instanceof BodyTooLargeError) {
        return failure(`error fetching ${input.url}: ${error.message}`, "response_too_large");
      }
      return failure(`error fetching ${input.url}: ${(error as Error).message}`, "fetch_failed");
    }
    download.complete();
    if (response.status >= 400) {
      return failure(`error fetching ${response.url}: HTTP ${response.status}`, "http_error");
    }
    const { mediaType, charset } = parseContentType(response.headers["content-type"]);
    const isHtml = mediaType === undefined || htmlTypes.has(mediaType);
    if (!isHtml && !textTypes.test(mediaType)) {
      return failure(
        `${response.url} returned ${mediaType} content; get_content reads HTML and text pages only`,
        "unsupported_content",
      );
    }
    const encoding = textEncoding(response.body, charset, { html: isHtml });
    const decoded = decodeText(response.body, encoding);
    const binary = binaryContent(response.body, decoded, encoding);
    if (binary !== undefined) {
      return failure(
        `${response.url} returned ${binary}, labelled ${mediaType ?? "with no content type"}; get_content reads HTML and text pages only, so try another source`,
        "unsupported_content",
      );
    }
    const meta = { url: response.url };
    if (!isHtml) {
      if (decoded.trim() === "") return empty(response.url, "an empty body");
      return new TextArtifact(decoded, { name: response.url, meta });
    }
    // Loaded on first use: the HTML stack (linkedom, Readability, html-to-text) is ~30 MB of RSS that
    // every `import "toolwright"` would pay otherwise.
    const { htmlToReadableText } = await import("./html-to-readable-text.js");
    // Parsing a large page takes a while after the download; the caller hears what is going on.
    download.step("extracting the readable text");
    let page: { title: string; text: string };
    try {
      page = htmlToReadableText(decoded);
    } catch (error) {
      return failure(
        `${response.url} could not be read as HTML (${(error as Error).message}); try another source`,
        "invalid_content",
      );
    }
    const { title, text } = page;
    if (text === "") {
      return empty(
        response.url,
        decoded.trim() === ""
          ? "an empty page"
          : "a page with no readable text (it may build its content with JavaScript)",
      );
    }
    return new TextArtifact(title === "" ? text : `${title}\n\n${text}`, {
      name: response.url,
      meta: { ...meta, title },
    });
  }
}

function empty(url: string, what: string): ErrorArtifact {
  return failure(
    `${url} returned ${what}; there is nothing to read, so try another source`,
    "empty_content",
  );
}

function failure(message: string, code: string): ErrorArtifact {
  return new ErrorArtifact(message, { code });
}
