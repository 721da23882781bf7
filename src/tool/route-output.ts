import type { ToolActivity } from "../activity/tool-activity.js";
import type { Artifact } from "../artifacts/artifact.js";
import { ErrorArtifact } from "../artifacts/error-artifact.js";
import { InfoArtifact } from "../artifacts/info-artifact.js";
import type { Principal } from "../memory/memory-scope.js";
import type { JsonValue } from "../schema/json.js";
import type { Tool } from "./tool.js";
import { toolState } from "./tool-state.js";

/**
 * @internal Sends an activity's output through its output memories. An activity without an entry
 * keeps its output on the prompt (Griptape raises a KeyError). With several memories, each stores
 * the output (Griptape chains them, so only the first ever stores) and the model gets one notice.
 */
export async function routeOutput(
  tool: Tool,
  activity: ToolActivity,
  artifact: Artifact,
  principal: Principal,
): Promise<Artifact> {
  const memories = toolState(tool).memory.outputMemory?.get(activity.name);
  if (memories === undefined) return artifact;
  const results: Artifact[] = [];
  for (const memory of memories) {
    try {
      results.push(
        await memory.processOutput(
          principal === undefined
            ? { tool, activity, artifact }
            : { tool, activity, artifact, principal },
        ),
      );
    } catch (error) {
      results.push(
        new ErrorArtifact(
          `error storing tool output in memory: ${error instanceof Error ? error.message : String(error)}`,
          { code: "memory_store_failed", cause: error },
        ),
      );
    }
  }
  if (results.length === 1 || results.every((result) => result === artifact)) {
    return results[0] ?? artifact;
  }
  return combine(results);
}

function combine(results: readonly Artifact[]): Artifact {
  const texts = [...new Set(results.map((result) => result.toText()))];
  const references: JsonValue[] = results.flatMap((result) => {
    const found = result.meta.memoryReferences;
    return Array.isArray(found) ? found : [];
  });
  const error = results.find((result) => result.type === "ErrorArtifact");
  const options = {
    name: results[0]?.name ?? "",
    meta: references.length > 0 ? { memoryReferences: references } : {},
  };
  if (error !== undefined) {
    return new ErrorArtifact(texts.join("\n"), {
      ...options,
      code: error.code ?? "memory_store_failed",
      cause: error.cause,
    });
  }
  return new InfoArtifact(texts.join("\n"), options);
}
