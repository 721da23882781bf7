import { blockFormat } from "./block-format.js";
import { invokeCalls } from "./invoke-tags.js";

/**
 * GigaChat 3.5's GCML format (vLLM `gigachat35`): `<｜GCML｜tool_calls><｜GCML｜invoke name="f">
 * <｜GCML｜parameter name="a" string="false">1</｜GCML｜parameter></｜GCML｜invoke>…`; values are text
 * unless marked `string="false"`, then they must be JSON.
 *
 * @example
 * ```ts
 * gigachat35Format.parse('<｜GCML｜tool_calls><｜GCML｜invoke name="f"><｜GCML｜parameter name="n" string="false">3</｜GCML｜parameter></｜GCML｜invoke></｜GCML｜tool_calls>').calls;
 * // [{ name: "f", arguments: { n: 3 } }]
 * ```
 */
export const gigachat35Format = blockFormat({
  name: "gigachat35",
  open: "<｜GCML｜tool_calls>",
  close: "</｜GCML｜tool_calls>",
  read: invokeCalls({ prefix: "｜GCML｜", stringAttribute: true, stringByDefault: true }),
});
