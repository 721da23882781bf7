import { bytesToBase64 } from "../internal/bytes.js";
import { nonEmptyString } from "../internal/option-rules.js";
import type { JsonObject, JsonValue } from "../schema/json.js";
import { artifactOptionRules, checkArtifactOptions } from "./artifact-options.js";
import { type ArtifactOptions, BaseArtifact } from "./base-artifact.js";
import { type BytesInput, bytesOf } from "./bytes-value.js";
import { defaultMediaName } from "./media-name.js";

const optionRules = { ...artifactOptionRules, format: nonEmptyString };

/**
 * Options of an {@link AudioArtifact}.
 *
 * @example
 * ```ts
 * const options: AudioArtifactOptions = { format: "wav" };
 * ```
 */
export interface AudioArtifactOptions extends ArtifactOptions {
  /** Audio format, such as `wav`, `mp3`, `pcm`, `ogg`. */
  format: string;
}

/**
 * Audio bytes; MCP results carry it as an `audio` block, model providers see its description.
 *
 * @example
 * ```ts
 * new AudioArtifact(wavBytes, { format: "wav" }).toText(); // "Audio, format: wav, size: 22 bytes"
 * ```
 */
export class AudioArtifact extends BaseArtifact<Uint8Array> {
  readonly type = "AudioArtifact";
  readonly format: string;

  constructor(value: BytesInput, options: AudioArtifactOptions) {
    checkArtifactOptions("AudioArtifact", options, optionRules, ["format"]);
    super(bytesOf(value), options, defaultMediaName("audio", options.format));
    this.format = options.format.toLowerCase();
  }

  /** `audio/<format>` (`audio/mpeg` for `mp3`, the registered name). */
  get mimeType(): string {
    return `audio/${this.format === "mp3" ? "mpeg" : this.format}`;
  }

  /** The bytes in base64. */
  get base64(): string {
    return bytesToBase64(this.value);
  }

  /** The bytes themselves. */
  override toBytes(): Uint8Array {
    return this.value;
  }

  toText(): string {
    return `Audio, format: ${this.format}, size: ${this.value.byteLength} bytes`;
  }

  protected valueToJSON(): JsonValue {
    return this.base64;
  }

  protected override extraJSON(): JsonObject {
    return { format: this.format };
  }
}
