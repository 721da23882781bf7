/**
 * toolwright's core: the `@activity` decorator, the `Tool` base class, the `Toolbox` that speaks every
 * provider's dialect and decodes model calls, artifacts, typed errors and the types around them. It
 * loads no SQLite, Redis, MCP, provider SDK, child process or network code: built-in tools, Task
 * Memory, the agent and the drivers live on subpaths (`toolwright/tools`, `toolwright/memory`,
 * `toolwright/agent`, `toolwright/openai`, …; see docs/entry-points.md).
 *
 * @example
 * ```ts
 * import { activity, Tool, Toolbox } from "toolwright";
 * ```
 * @module
 */
// Runs first, before anything that could fail on an unsupported Node version.
import "./node-check.js";
// Decorated classes need Symbol.metadata before they are defined.
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
export type { ApprovalPredicate, RetryPolicy } from "./activity/activity-policy.js";
export type { ToolActivity } from "./activity/tool-activity.js";
// Artifacts: what a tool call produces.
export { ActionArtifact, type ToolAction } from "./artifacts/action-artifact.js";
export { type Artifact, type ArtifactType, isArtifact } from "./artifacts/artifact.js";
export { artifactFromJSON } from "./artifacts/artifact-from-json.js";
export { AudioArtifact, type AudioArtifactOptions } from "./artifacts/audio-artifact.js";
export {
  type ArtifactJSON,
  type ArtifactOptions,
  BaseArtifact,
} from "./artifacts/base-artifact.js";
export { BaseUrlArtifact } from "./artifacts/base-url-artifact.js";
export { BlobArtifact, type BlobArtifactOptions } from "./artifacts/blob-artifact.js";
export { BooleanArtifact } from "./artifacts/boolean-artifact.js";
export type { BytesInput } from "./artifacts/bytes-value.js";
export { toArtifact } from "./artifacts/coerce-result.js";
export { ErrorArtifact } from "./artifacts/error-artifact.js";
export { ImageArtifact, type ImageArtifactOptions } from "./artifacts/image-artifact.js";
export { ImageUrlArtifact } from "./artifacts/image-url-artifact.js";
export { InfoArtifact } from "./artifacts/info-artifact.js";
export { JsonArtifact } from "./artifacts/json-artifact.js";
export { ListArtifact, type ListArtifactOptions } from "./artifacts/list-artifact.js";
export { TextArtifact, type TextArtifactOptions } from "./artifacts/text-artifact.js";
export type { EncodingErrorHandler, EncodingOptions } from "./artifacts/text-encoding.js";
export { UrlArtifact } from "./artifacts/url-artifact.js";
// The caller: what a running activity or prompt can ask of whoever called it (log, elicit, sample, roots).
export type {
  Caller,
  ElicitReply,
  ElicitRequest,
  SampleReply,
  SampleRequest,
  SamplingBlock,
} from "./caller/caller-channel.js";
export { CallerError, type CallerErrorCode } from "./caller/caller-error.js";
export type { LogEvent } from "./caller/caller-log.js";
export type {
  AskOptions,
  CallerAbilities,
  CallerRequests,
  ElicitAnswer,
  FormOf,
  LogLevel,
  Root,
  SamplingMessage,
  SamplingOptions,
  SamplingResult,
} from "./caller/caller-types.js";
// Toolbox: many tools under one set of native names, with dialects and tolerant decoding.
export type {
  CustomRepairStep,
  RepairContext,
  RepairPosition,
} from "./calls/custom-repair-step.js";
// Calls: what a model sends, what comes back, and the repairs made on the way (`Repair`, with the
// input limits, comes from the core, which records repairs too).
export type { RepairOptions, RepairStep } from "./calls/repair-steps.js";
export type { PreparedCall, ToolCallInput, ToolCallResult } from "./calls/tool-call.js";

// Resources and prompts: what a tool serves beside its activities (MCP `resources/*`, `prompts/*`).
export { prompt } from "./declarations/prompt.js";
export type {
  EmbeddedResource,
  PromptConfig,
  PromptContext,
  PromptResult,
  PromptTurn,
} from "./declarations/prompt-config.js";
export { resource } from "./declarations/resource.js";
export type { Completer, ResourceConfig, ResourceContext } from "./declarations/resource-config.js";
// Dialects: the tools value each provider accepts.
export {
  type Dialect,
  type DialectOptions,
  type DialectTarget,
  dialects,
} from "./dialects/dialect.js";
export type { GeminiSchema } from "./dialects/gemini-schema.js";
export type {
  AnthropicTool,
  GeminiFunctionDeclaration,
  GeminiTools,
  JsonSchemaTool,
  McpToolAnnotations,
  McpToolDefinition,
  OllamaTool,
  OpenAIChatTool,
  OpenAIResponsesTool,
  ProviderTools,
} from "./dialects/provider-tools.js";
// Prompt drivers: the interface every provider driver implements, and helpers over it. The drivers
// themselves live in subpaths (`toolwright/openai`, `/anthropic`, `/gemini`, `/ollama`) so the root
// entry never loads a provider SDK; `toolwright/testing` has `MockPromptDriver`.
export type {
  EmbeddingCallOptions,
  EmbeddingDriver,
  EmbeddingPurpose,
  EmbeddingRequest,
  EmbeddingResponse,
} from "./drivers/embedding-spec.js";
export { collectStream } from "./drivers/shared/collect-stream.js";
export type { DriverOptions } from "./drivers/shared/driver-options.js";
export { responseToMessage } from "./drivers/shared/response-to-message.js";
export {
  type ToolResultPart,
  toolResultImages,
  toolResultImageUrls,
  toolResultParts,
  toolResultText,
} from "./drivers/shared/tool-result-content.js";
export { addUsage } from "./drivers/shared/usage.js";
export type {
  AssistantMessage,
  DriverCapabilities,
  FinishReason,
  PromptCallOptions,
  PromptDriver,
  PromptMessage,
  PromptRequest,
  PromptResponse,
  PromptStreamEvent,
  SystemMessage,
  ToolCall,
  ToolChoice,
  ToolDialect,
  ToolResultMessage,
  Usage,
  UserContentPart,
  UserMessage,
} from "./drivers/spec.js";
// Errors: developer mistakes, each a ToolwrightError with a string code (those of the subpaths too,
// so one import can tell them apart).
export { ActivityConfigError } from "./errors/activity-config-error.js";
export { ActivityNameError } from "./errors/activity-name-error.js";
export { AgentError } from "./errors/agent-error.js";
export { ArtifactError } from "./errors/artifact-error.js";
export type { ToolwrightErrorCode } from "./errors/codes.js";
export { DeclarationConfigError } from "./errors/declaration-config-error.js";
export { DialectError } from "./errors/dialect-error.js";
export { DriverConfigError } from "./errors/driver-config-error.js";
export { McpConfigError } from "./errors/mcp-config-error.js";
export { McpConnectionError } from "./errors/mcp-connection-error.js";
export { MemoryConfigError } from "./errors/memory-config-error.js";
export { MemoryStoreError } from "./errors/memory-store-error.js";
export { MissingDependencyError } from "./errors/missing-dependency-error.js";
export { PromptDriverError, type PromptDriverErrorCode } from "./errors/prompt-driver-error.js";
export { PromptRequestError } from "./errors/prompt-request-error.js";
export { RequirementError } from "./errors/requirement-error.js";
export { ToolConfigError } from "./errors/tool-config-error.js";
export { ToolNameError } from "./errors/tool-name-error.js";
export { ToolboxError } from "./errors/toolbox-error.js";
export { ToolwrightError } from "./errors/toolwright-error.js";
export type { ToolCallEndEvent, ToolCallStartEvent } from "./observe/tool-call-channels.js";
export type { TelemetryOptions } from "./observe/tool-call-span.js";
// Receipts: what `new Toolbox(tools, { receipts })` takes (the stores are on `toolwright/memory…`).
export type { ReceiptOptions } from "./receipts/receipt-options.js";
export type { ReceiptStore } from "./receipts/receipt-store.js";
// Schemas: the kinds of schema accepted and the JSON types they describe.
export type { JsonObject, JsonSchema, JsonSchemaObject, JsonValue } from "./schema/json.js";
export type { SchemaSource } from "./schema/normalize-schema.js";
export { type OptionalProperty, optional } from "./schema/optional-property.js";
export type { StandardJSONSchemaV1, StandardSchemaV1 } from "./schema/standard-schema.js";
export type { ValidationIssue } from "./schema/validation-issue.js";
export type { SearchFieldWeights, SearchFusion } from "./search/activity-search.js";
export type { EmbedTexts } from "./search/embedding-store.js";
// Tools: the one base class users extend, what its methods get, and its npm requirements (`static
// requirements`, checked with semver against what is installed; `toolwright install` installs them).
export type { ActivityMemory } from "./tool/activity-memory.js";
export type { InputLimits } from "./tool/input-limits.js";
export { parseNativeToolName } from "./tool/native-name.js";
export type { Repair } from "./tool/repair.js";
export type {
  CheckRequirementsOptions,
  Requirement,
  RequirementCheck,
} from "./tool/requirements.js";
export type { IsolatedTask } from "./tool/run-isolated.js";
export { defaultTimeoutMs } from "./tool/time-limit.js";
export { Tool } from "./tool/tool.js";
export type {
  ActivityProgress,
  AfterRunEvent,
  BeforeRunEvent,
  RunOptions,
  ToolOptions,
} from "./tool/tool-options.js";
export { Toolbox } from "./toolbox/toolbox.js";
export type {
  ExecuteAllOptions,
  ExecuteOptions,
  SearchOptions,
  ToolboxOptions,
} from "./toolbox/toolbox-options.js";
export type {
  DeferCandidate,
  DeferLoading,
  FindTools,
  FoundTool,
  SearchHit,
  ToolSearchOptions,
  ToolSearchTool,
} from "./toolbox/toolbox-search.js";
