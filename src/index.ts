// The polyfill must run before any user class with decorators is defined, so it is the first import.
import "./polyfill.js";

// Activities: the decorator and what it records.
export { activity } from "./activity/activity.js";
export type { ActivityAnnotations } from "./activity/activity-annotations.js";
export type {
  ActivityConfig,
  ActivityInput,
  ActivityMethod,
  ActivitySchemaOption,
} from "./activity/activity-config.js";
export type { ActivityContext } from "./activity/activity-context.js";
export type { ToolActivity } from "./activity/tool-activity.js";
// Artifacts: what a tool call produces.
export { ActionArtifact, type ToolAction } from "./artifacts/action-artifact.js";
export { type Artifact, type ArtifactType, isArtifact } from "./artifacts/artifact.js";
export { artifactFromJSON } from "./artifacts/artifact-from-json.js";
export {
  type ArtifactJSON,
  type ArtifactOptions,
  BaseArtifact,
} from "./artifacts/base-artifact.js";
export { BlobArtifact, type BlobArtifactOptions } from "./artifacts/blob-artifact.js";
export { BooleanArtifact } from "./artifacts/boolean-artifact.js";
export { toArtifact } from "./artifacts/coerce-result.js";
export { ErrorArtifact } from "./artifacts/error-artifact.js";
export { ImageArtifact, type ImageArtifactOptions } from "./artifacts/image-artifact.js";
export { InfoArtifact } from "./artifacts/info-artifact.js";
export { JsonArtifact } from "./artifacts/json-artifact.js";
export { ListArtifact, type ListArtifactOptions } from "./artifacts/list-artifact.js";
export { TextArtifact } from "./artifacts/text-artifact.js";
export type { Repair } from "./calls/repair.js";
// Errors: developer mistakes, each with a string code.
export { ActivityConfigError } from "./errors/activity-config-error.js";
export { ActivityNameError } from "./errors/activity-name-error.js";
export { ArtifactError } from "./errors/artifact-error.js";
export type { ToolwrightErrorCode } from "./errors/codes.js";
// Memory: off-prompt tool outputs in a store (in memory, SQLite, Redis), and the tool that reads and searches them.
export { MemoryConfigError } from "./errors/memory-config-error.js";
export { MemoryStoreError } from "./errors/memory-store-error.js";
export { ToolConfigError } from "./errors/tool-config-error.js";
export { ToolNameError } from "./errors/tool-name-error.js";
export { ToolwrightError } from "./errors/toolwright-error.js";
export type { ActivityMemory } from "./memory/activity-memory.js";
export type {
  ArtifactStore,
  NamespaceSummary,
  PassageHit,
  PassageQuery,
  PassageSpan,
  StoredKind,
  StoreEntry,
  StoreWrite,
  StoreWriteResult,
  TextPage,
} from "./memory/artifact-store.js";
export { InMemoryArtifactStore } from "./memory/in-memory-artifact-store.js";
export {
  isMemoryReference,
  type MemoryReference,
  memoryReferenceSchema,
  memoryReferencesOf,
} from "./memory/memory-reference.js";
export {
  RedisArtifactStore,
  type RedisArtifactStoreOptions,
} from "./memory/redis-artifact-store.js";
export {
  SqliteArtifactStore,
  type SqliteArtifactStoreOptions,
} from "./memory/sqlite-artifact-store.js";
export {
  type MemorySearchHit,
  type MemorySearchOptions,
  type ProcessOutputInput,
  TaskMemory,
  type TaskMemoryOptions,
} from "./memory/task-memory.js";
export { TaskMemoryTool, type TaskMemoryToolOptions } from "./memory/task-memory-tool.js";
// Schemas: the kinds of schema accepted and the JSON types they describe.
export type { JsonObject, JsonSchema, JsonSchemaObject, JsonValue } from "./schema/json.js";
export type { SchemaSource } from "./schema/normalize-schema.js";
export type { StandardJSONSchemaV1, StandardSchemaV1 } from "./schema/standard-schema.js";
export type { ValidationIssue } from "./schema/validation-issue.js";
// Tools: the one base class users extend.
export { parseNativeToolName } from "./tool/native-name.js";
export { Tool } from "./tool/tool.js";
export type {
  AfterRunEvent,
  BeforeRunEvent,
  RunOptions,
  ToolOptions,
} from "./tool/tool-options.js";
