import { ArtifactError } from "../errors/artifact-error.js";
import { base64ToBytes } from "../internal/bytes.js";
import type { JsonObject } from "../schema/json.js";
import { ActionArtifact, type ToolAction } from "./action-artifact.js";
import type { Artifact, ArtifactType } from "./artifact.js";
import { AudioArtifact } from "./audio-artifact.js";
import type { ArtifactOptions } from "./base-artifact.js";
import { BlobArtifact } from "./blob-artifact.js";
import { BooleanArtifact } from "./boolean-artifact.js";
import { ErrorArtifact } from "./error-artifact.js";
import { ImageArtifact } from "./image-artifact.js";
import { ImageUrlArtifact } from "./image-url-artifact.js";
import { InfoArtifact } from "./info-artifact.js";
import { JsonArtifact } from "./json-artifact.js";
import { ListArtifact } from "./list-artifact.js";
import { TextArtifact } from "./text-artifact.js";
import type { EncodingErrorHandler, EncodingOptions } from "./text-encoding.js";
import { UrlArtifact } from "./url-artifact.js";

type Reviver = (json: Record<string, unknown>, options: ArtifactOptions, path: string) => Artifact;

const revivers: Record<ArtifactType, Reviver> = {
  TextArtifact: (json, options, path) =>
    new TextArtifact(field(json, "value", "string", path), {
      ...options,
      ...encodingOptions(json, path),
    }),
  InfoArtifact: (json, options, path) =>
    new InfoArtifact(field(json, "value", "string", path), options),
  ErrorArtifact: (json, options, path) => {
    const code = optionalField(json, "code", "string", path);
    const cause = reviveCause(json.cause);
    return new ErrorArtifact(field(json, "value", "string", path), {
      ...options,
      ...(code === undefined ? {} : { code }),
      ...(cause === undefined ? {} : { cause }),
    });
  },
  // Re-encoded so that a JSON string value is not parsed a second time.
  JsonArtifact: (json, options) => new JsonArtifact(JSON.stringify(json.value ?? null), options),
  BooleanArtifact: (json, options, path) =>
    new BooleanArtifact(field(json, "value", "boolean", path), options),
  BlobArtifact: (json, options, path) => {
    const mimeType = optionalField(json, "mimeType", "string", path);
    return new BlobArtifact(base64ToBytes(field(json, "value", "string", path)), {
      ...options,
      ...(mimeType === undefined ? {} : { mimeType }),
      ...encodingOptions(json, path),
    });
  },
  AudioArtifact: (json, options, path) =>
    new AudioArtifact(base64ToBytes(field(json, "value", "string", path)), {
      ...options,
      format: field(json, "format", "string", path),
    }),
  UrlArtifact: (json, options, path) =>
    new UrlArtifact(field(json, "value", "string", path), options),
  ImageUrlArtifact: (json, options, path) =>
    new ImageUrlArtifact(field(json, "value", "string", path), options),
  ImageArtifact: (json, options, path) => {
    const width = optionalField(json, "width", "number", path);
    const height = optionalField(json, "height", "number", path);
    return new ImageArtifact(base64ToBytes(field(json, "value", "string", path)), {
      ...options,
      format: field(json, "format", "string", path),
      ...(width === undefined ? {} : { width }),
      ...(height === undefined ? {} : { height }),
    });
  },
  ListArtifact: (json, options, path) => {
    const items = json.value;
    if (!Array.isArray(items)) {
      throw new ArtifactError({ path: `${path}.value`, message: "expected an array of artifacts" });
    }
    const itemSeparator = optionalField(json, "itemSeparator", "string", path);
    const validateUniformTypes = optionalField(json, "validateUniformTypes", "boolean", path);
    return new ListArtifact(
      items.map((item, index) => revive(item, `${path}.value[${index}]`)),
      {
        ...options,
        ...(itemSeparator === undefined ? {} : { itemSeparator }),
        ...(validateUniformTypes === undefined ? {} : { validateUniformTypes }),
      },
    );
  },
  ActionArtifact: (json, options, path) => {
    const value = objectAt(json.value, `${path}.value`);
    // Griptape's form names the action's kind; JSON saved by earlier toolwright versions has no `type`.
    const kind = optionalField(value, "type", "string", `${path}.value`);
    if (kind !== undefined && kind !== "ToolAction") {
      throw new ArtifactError({
        path: `${path}.value.type`,
        message: `unknown action type ${JSON.stringify(kind)}; expected "ToolAction"`,
      });
    }
    const action: ToolAction = {
      tag: field(value, "tag", "string", `${path}.value`),
      name: field(value, "name", "string", `${path}.value`),
      path: field(value, "path", "string", `${path}.value`),
      input: objectAt(value.input ?? {}, `${path}.value.input`) as JsonObject,
    };
    return new ActionArtifact(action, options);
  },
};

/**
 * Revives an artifact from its JSON form (`artifact.toJSON()`, or that JSON parsed back).
 *
 * @example
 * ```ts
 * const copy = artifactFromJSON(JSON.parse(JSON.stringify(new TextArtifact("hi"))));
 * copy.toText(); // "hi"
 * ```
 */
export function artifactFromJSON(json: unknown): Artifact {
  return revive(json, "$");
}

function revive(json: unknown, path: string): Artifact {
  const object = objectAt(json, path);
  const type = field(object, "type", "string", path);
  const reviver = Object.hasOwn(revivers, type) ? revivers[type as ArtifactType] : undefined;
  if (reviver === undefined) {
    throw new ArtifactError({
      path: `${path}.type`,
      message: `unknown artifact type ${JSON.stringify(type)}; expected one of ${Object.keys(revivers).join(", ")}`,
    });
  }
  const id = optionalField(object, "id", "string", path);
  const name = optionalField(object, "name", "string", path);
  const meta = object.meta === undefined ? undefined : objectAt(object.meta, `${path}.meta`);
  const options: ArtifactOptions = {
    ...(id === undefined ? {} : { id }),
    ...(name === undefined ? {} : { name }),
    ...(meta === undefined ? {} : { meta: meta as JsonObject }),
  };
  return reviver(object, options, path);
}

function encodingOptions(json: Record<string, unknown>, path: string): EncodingOptions {
  const encoding = optionalField(json, "encoding", "string", path);
  const handler = optionalField(json, "encodingErrorHandler", "string", path);
  return {
    ...(encoding === undefined ? {} : { encoding }),
    ...(handler === undefined ? {} : { encodingErrorHandler: handler as EncodingErrorHandler }),
  };
}

function reviveCause(cause: unknown): unknown {
  if (typeof cause === "object" && cause !== null && !Array.isArray(cause)) {
    const { name, message } = cause as { name?: unknown; message?: unknown };
    if (typeof message === "string") {
      const error = new Error(message);
      if (typeof name === "string") error.name = name;
      return error;
    }
  }
  return cause;
}

type FieldType = { string: string; number: number; boolean: boolean };

function field<K extends keyof FieldType>(
  json: Record<string, unknown>,
  key: string,
  kind: K,
  path: string,
): FieldType[K] {
  const value = json[key];
  if (typeof value !== kind) {
    throw new ArtifactError({
      path: `${path}.${key}`,
      message: `expected ${kind}, got ${value === undefined ? "nothing" : typeof value}`,
    });
  }
  return value as FieldType[K];
}

function optionalField<K extends keyof FieldType>(
  json: Record<string, unknown>,
  key: string,
  kind: K,
  path: string,
): FieldType[K] | undefined {
  return json[key] === undefined ? undefined : field(json, key, kind, path);
}

function objectAt(value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ArtifactError({ path, message: "expected an object" });
  }
  return value as Record<string, unknown>;
}
