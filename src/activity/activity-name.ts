/** @internal Letters (any script), digits, `_`, `.` and `-`, 1 to 128 characters (MCP's rule, plus Unicode). */
export const activityNamePattern = /^[\p{L}\p{N}_.-]{1,128}$/u;
