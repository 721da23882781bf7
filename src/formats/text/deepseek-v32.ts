import { blockFormat } from "./block-format.js";
import { invokeCalls } from "./invoke-tags.js";

/**
 * DeepSeek V3.2's DSML format (vLLM `deepseek_v32`): `<｜DSML｜function_calls><｜DSML｜invoke
 * name="f"><｜DSML｜parameter name="a" string="true">text</｜DSML｜parameter>…`; `string="true"`
 * values stay text, `string="false"` values must be JSON.
 *
 * @example
 * ```ts
 * deepseekV32Format.parse('<｜DSML｜function_calls><｜DSML｜invoke name="f"><｜DSML｜parameter name="n" string="false">3</｜DSML｜parameter></｜DSML｜invoke></｜DSML｜function_calls>').calls;
 * // [{ name: "f", arguments: { n: 3 } }]
 * ```
 */
export const deepseekV32Format = blockFormat({
  name: "deepseek-v32",
  open: "<｜DSML｜function_calls>",
  close: "</｜DSML｜function_calls>",
  read: invokeCalls({ prefix: "｜DSML｜", stringAttribute: true }),
});
