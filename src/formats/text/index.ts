import type { ToolCallFormat } from "../tool-call-format.js";
import { deepseekV32Format } from "./deepseek-v32.js";
import { dotsFormat } from "./dots.js";
import { functionGemmaFormat } from "./functiongemma.js";
import { gemma4Format } from "./gemma4.js";
import { gigachat35Format } from "./gigachat35.js";
import { glm45Format } from "./glm45.js";
import { granitePythonicFormat } from "./granite-pythonic.js";
import { harmonyFormat } from "./harmony.js";
import { hyV3Format, hyV4Format } from "./hunyuan-xml.js";
import { iquestCoderV2Format } from "./iquest-coder-v2.js";
import { k2HorizonFormat } from "./k2-horizon.js";
import { kimiK3Format } from "./kimi-k3.js";
import { lfm2Format } from "./lfm2.js";
import { llama4PythonicFormat } from "./llama4-pythonic.js";
import { minicpm5XmlFormat } from "./minicpm5-xml.js";
import { minimaxM2Format } from "./minimax-m2.js";
import { minimaxM3Format } from "./minimax-m3.js";
import { olmo3Format } from "./olmo3.js";
import { plamo3Format } from "./plamo3.js";
import { pythonicFormat } from "./pythonic.js";
import { qwen3CoderFormat, qwen3XmlFormat } from "./qwen3-coder.js";
import { rwkvFormat } from "./rwkv.js";
import { seedOssFormat } from "./seed-oss.js";
import { solarOpen2Format } from "./solar-open2.js";
import { stepAudio2Format } from "./step-audio-2.js";
import { step3Format } from "./step3.js";

/**
 * @internal Formats of other syntaxes whose replies a JSON format's looser test would claim, so
 * `"auto"` tries them before the JSON formats: Hunyuan's `<tool_calls><tool_call>` (Jamba claims any
 * `<tool_calls>`), and K2 Horizon and dots, whose blocks may hold a `{"name": …}` object that
 * Llama's bare-JSON reader would otherwise take out of its markers.
 */
export const leadingTextSyntaxFormats: readonly ToolCallFormat[] = [
  hyV3Format,
  hyV4Format,
  k2HorizonFormat,
  dotsFormat,
];

/** @internal The formats of other syntaxes, most specific markers first (auto-detection order). */
export const textSyntaxFormats: readonly ToolCallFormat[] = [
  harmonyFormat,
  kimiK3Format,
  gemma4Format,
  functionGemmaFormat,
  step3Format,
  deepseekV32Format,
  gigachat35Format,
  minimaxM2Format,
  minimaxM3Format,
  rwkvFormat,
  solarOpen2Format,
  plamo3Format,
  iquestCoderV2Format,
  minicpm5XmlFormat,
  seedOssFormat,
  olmo3Format,
  stepAudio2Format,
  qwen3CoderFormat,
  qwen3XmlFormat,
  glm45Format,
  llama4PythonicFormat,
  lfm2Format,
  // The loosest: a bare list of calls, tried only when no format with markers read the reply.
  pythonicFormat,
  // Never auto-detected (a line that looks like a call is common in prose): only when named.
  granitePythonicFormat,
];
