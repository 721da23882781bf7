import type { ToolCallFormat } from "../tool-call-format.js";

/** @internal The JSON-between-markers formats, most specific markers first (auto-detection order). */
export const jsonMarkerFormats: readonly ToolCallFormat[] = [];
