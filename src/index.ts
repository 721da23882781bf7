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
export type { ApprovalPredicate, RetryPolicy } from "./activity/activity-policy.js";
export type { ToolActivity } from "./activity/tool-activity.js";
// Agent: the loop that sends tools to a model and runs what it asks for.
export { Agent } from "./agent/agent.js";
export type { AgentState } from "./agent/agent-state.js";
export type {
  AgentEvent,
  AgentOptions,
  AgentProtocol,
  AgentRunOptions,
  AgentRunResult,
  AgentStatus,
  AgentToolCall,
  ApprovalDecision,
  PendingApproval,
} from "./agent/agent-types.js";
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
// Toolbox: provider dialects and tolerant decoding of model calls.
export type { RepairOptions, RepairStep } from "./calls/repair-steps.js";
export type { PreparedCall, ToolCallInput, ToolCallResult } from "./calls/tool-call.js";
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
export { collectStream } from "./drivers/shared/collect-stream.js";
export type { DriverOptions } from "./drivers/shared/driver-options.js";
export { responseToMessage } from "./drivers/shared/response-to-message.js";
export {
  type ToolResultPart,
  toolResultImages,
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
// Errors: developer mistakes, each with a string code.
export { ActivityConfigError } from "./errors/activity-config-error.js";
export { ActivityNameError } from "./errors/activity-name-error.js";
export { AgentError } from "./errors/agent-error.js";
export { ArtifactError } from "./errors/artifact-error.js";
export type { ToolwrightErrorCode } from "./errors/codes.js";
export { DialectError } from "./errors/dialect-error.js";
export { DriverConfigError } from "./errors/driver-config-error.js";
// Memory: off-prompt tool outputs in a store (in memory, SQLite, Redis), and the tool that reads and searches them.
export { MemoryConfigError } from "./errors/memory-config-error.js";
export { MemoryStoreError } from "./errors/memory-store-error.js";
export { MissingDependencyError } from "./errors/missing-dependency-error.js";
export { PromptDriverError, type PromptDriverErrorCode } from "./errors/prompt-driver-error.js";
export { PromptRequestError } from "./errors/prompt-request-error.js";
// Tool requirements: npm packages a Tool class declares (`static requirements`), checked with semver
// against what is installed; `toolwright install` installs the missing ones.
export { RequirementError } from "./errors/requirement-error.js";
export { ToolConfigError } from "./errors/tool-config-error.js";
export { ToolNameError } from "./errors/tool-name-error.js";
export { ToolboxError } from "./errors/toolbox-error.js";
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
export type {
  CheckRequirementsOptions,
  Requirement,
  RequirementCheck,
} from "./tool/requirements.js";
export { Tool } from "./tool/tool.js";
export type {
  AfterRunEvent,
  BeforeRunEvent,
  RunOptions,
  ToolOptions,
} from "./tool/tool-options.js";
export { Toolbox } from "./toolbox/toolbox.js";
export type {
  ExecuteAllOptions,
  ExecuteOptions,
  ToolboxOptions,
} from "./toolbox/toolbox-options.js";
// Built-in tools: safe by default (confined, size- and time-capped), each a plain Tool subclass.
export { CalculatorTool, type CalculatorToolOptions } from "./tools/calculator/calculator-tool.js";
export { DateTimeTool, type DateTimeToolOptions } from "./tools/date-time/date-time-tool.js";
export {
  FileManagerTool,
  type FileManagerToolOptions,
} from "./tools/file-manager/file-manager-tool.js";
export type { HostResolver } from "./tools/http/guarded-fetch.js";
export { RestApiTool, type RestApiToolOptions } from "./tools/rest-api/rest-api-tool.js";
export type { SqlToolOptions } from "./tools/sql/sql-runner.js";
export { SqlTool, WritableSqlTool } from "./tools/sql/sql-tool.js";
export {
  StructuredOutputTool,
  type StructuredOutputToolOptions,
} from "./tools/structured-output/structured-output-tool.js";
export {
  WebScraperTool,
  type WebScraperToolOptions,
} from "./tools/web-scraper/web-scraper-tool.js";
