import { z } from "zod";

/** The dispatch workload: a realistic 6-field calendar tool, the same for every library. */
export const createEventSchema = z.object({
  title: z.string().min(1).max(200),
  start: z.iso.datetime(),
  durationMinutes: z.number().int().min(1).max(1440),
  attendees: z.array(z.string()).max(20),
  location: z.string().optional(),
  priority: z.enum(["low", "normal", "high"]),
});

export type CreateEventInput = z.infer<typeof createEventSchema>;

/** The same schema as plain JSON Schema, for ajv and the MCP/JSON-Schema paths. */
export const createEventJsonSchema = {
  type: "object",
  properties: {
    title: { type: "string", minLength: 1, maxLength: 200 },
    start: { type: "string", format: "date-time" },
    durationMinutes: { type: "integer", minimum: 1, maximum: 1440 },
    attendees: { type: "array", items: { type: "string" }, maxItems: 20 },
    location: { type: "string" },
    priority: { type: "string", enum: ["low", "normal", "high"] },
  },
  required: ["title", "start", "durationMinutes", "attendees", "priority"],
  additionalProperties: false,
} as const;

export const createEventDescription = "Create a calendar event";

/** The tool body: trivial, so the measurement is the library's overhead. */
export function createEvent(input: CreateEventInput): { ok: true; id: number; title: string } {
  return { ok: true, id: 1, title: input.title };
}

/** A valid call's arguments, as a provider sends them (a JSON string). */
export const createEventArguments = JSON.stringify({
  title: "Design review",
  start: "2026-12-03T10:00:00Z",
  durationMinutes: 45,
  attendees: ["ada@example.com", "grace@example.com"],
  location: "Room 4",
  priority: "high",
});
