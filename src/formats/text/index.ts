import type { ToolCallFormat } from "../tool-call-format.js";

/** @internal The formats of other syntaxes, most specific markers first (auto-detection order). */
export const textSyntaxFormats: readonly ToolCallFormat[] = [];
