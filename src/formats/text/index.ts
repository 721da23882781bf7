import type { ToolCallFormat } from "../tool-call-format.js";
import { deepseekV32Format } from "./deepseek-v32.js";
import { glm45Format } from "./glm45.js";
import { harmonyFormat } from "./harmony.js";
import { lfm2Format } from "./lfm2.js";
import { llama4PythonicFormat } from "./llama4-pythonic.js";
import { minimaxM2Format } from "./minimax-m2.js";
import { olmo3Format } from "./olmo3.js";
import { pythonicFormat } from "./pythonic.js";
import { qwen3CoderFormat, qwen3XmlFormat } from "./qwen3-coder.js";
import { seedOssFormat } from "./seed-oss.js";
import { step3Format } from "./step3.js";

/** @internal The formats of other syntaxes, most specific markers first (auto-detection order). */
export const textSyntaxFormats: readonly ToolCallFormat[] = [
  harmonyFormat,
  step3Format,
  deepseekV32Format,
  minimaxM2Format,
  seedOssFormat,
  olmo3Format,
  qwen3CoderFormat,
  qwen3XmlFormat,
  glm45Format,
  llama4PythonicFormat,
  lfm2Format,
  // The loosest: a bare list of calls, tried only when no format with markers read the reply.
  pythonicFormat,
];
