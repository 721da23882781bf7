import type { ToolCallFormat } from "../tool-call-format.js";
import { apertusFormat } from "./apertus.js";
import { cohereCommandFormat } from "./cohere-command.js";
import { deepseekV3Format } from "./deepseek-v3.js";
import { deepseekV31Format } from "./deepseek-v31.js";
import { gigachat3Format } from "./gigachat3.js";
import { graniteFormat } from "./granite.js";
import { granite20bFcFormat } from "./granite-20b-fc.js";
import { hermesFormat } from "./hermes.js";
import { hunyuanFormat } from "./hunyuan.js";
import { hyperclovaxSeedThink14bFormat } from "./hyperclovax-seed-think-14b.js";
import { inklingFormat } from "./inkling.js";
import { internlmFormat } from "./internlm.js";
import { jambaFormat } from "./jamba.js";
import { kimiK2Format } from "./kimi-k2.js";
import { llama3JsonFormat } from "./llama3-json.js";
import { longcatFormat } from "./longcat.js";
import { minimaxFormat } from "./minimax.js";
import { mistralFormat } from "./mistral.js";
import { nemotronJsonFormat } from "./nemotron-json.js";
import { panguFormat } from "./pangu.js";
import { phi4MiniFormat } from "./phi4-mini.js";
import { qwen25CoderFormat } from "./qwen25-coder.js";
import { xlamFormat } from "./xlam.js";

/**
 * @internal The JSON-between-markers formats, most specific markers first (auto-detection order).
 * DeepSeek V3 (its `function<｜tool▁sep｜>` header) before V3.1, which shares its tokens; Granite's
 * `<tool_call>[` before Hermes' `<tool_call>{`; Hunyuan's `<answer>`-wrapped list and MiniMax's
 * `<tool_calls>{` before Jamba's plain `<tool_calls>[`; bare JSON (xLAM's list, then Llama's objects)
 * last, since it carries no marker at all. openPangu's `<|tool_call_start|>` is claimed only when
 * JSON follows it (LFM2 writes Python calls after the same marker).
 */
export const jsonMarkerFormats: readonly ToolCallFormat[] = [
  deepseekV3Format,
  deepseekV31Format,
  kimiK2Format,
  mistralFormat,
  longcatFormat,
  internlmFormat,
  apertusFormat,
  cohereCommandFormat,
  nemotronJsonFormat,
  panguFormat,
  gigachat3Format,
  qwen25CoderFormat,
  hyperclovaxSeedThink14bFormat,
  inklingFormat,
  graniteFormat,
  hermesFormat,
  granite20bFcFormat,
  hunyuanFormat,
  minimaxFormat,
  jambaFormat,
  phi4MiniFormat,
  xlamFormat,
  llama3JsonFormat,
];
