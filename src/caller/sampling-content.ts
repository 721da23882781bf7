import type { Artifact } from "../artifacts/artifact.js";
import { AudioArtifact } from "../artifacts/audio-artifact.js";
import { ImageArtifact } from "../artifacts/image-artifact.js";
import { ListArtifact } from "../artifacts/list-artifact.js";
import { TextArtifact } from "../artifacts/text-artifact.js";
import { base64ToBytes } from "../internal/bytes.js";
import type { SampleReply, SamplingBlock } from "./caller-channel.js";
import type { SamplingMessage } from "./caller-types.js";

/** @internal A sampling message's content as a block: images and audio as themselves, else text. */
export function toSamplingBlock(content: SamplingMessage["content"]): SamplingBlock {
  if (typeof content === "string") return { type: "text", text: content };
  if (content.type === "ImageArtifact" || content.type === "AudioArtifact") {
    return {
      type: content.type === "ImageArtifact" ? "image" : "audio",
      data: content.base64,
      mimeType: content.mimeType,
    };
  }
  return { type: "text", text: content.toText() };
}

/** @internal The model's answer as an artifact (several blocks: a list). */
export function replyArtifact(content: SampleReply["content"]): Artifact {
  if (Array.isArray(content)) {
    const items = (content as readonly SamplingBlock[]).map(blockArtifact);
    return items.length === 1 ? (items[0] as Artifact) : new ListArtifact(items);
  }
  return blockArtifact(content as SamplingBlock);
}

function blockArtifact(block: SamplingBlock): Artifact {
  if (block.type === "text") return new TextArtifact(block.text);
  const subtype = block.mimeType.split("/")[1]?.split(";")[0]?.trim().toLowerCase() ?? "";
  const bytes = base64ToBytes(block.data);
  if (block.type === "image") return new ImageArtifact(bytes, { format: subtype || "png" });
  return new AudioArtifact(bytes, { format: subtype === "mpeg" ? "mp3" : subtype || "wav" });
}
