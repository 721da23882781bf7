// Mistakes the package's types must catch for a user, compiled against the packed package in a
// strict project (test/package/packed.integration.ts). Each `@ts-expect-error` must meet an error: an
// unused one is itself an error (TS2578), so a type that silently turned into `any` fails the test.
import { type } from "arktype";
import { activity, Tool } from "toolwright";
import { Agent } from "toolwright/agent";
import { MockPromptDriver } from "toolwright/testing";
import { z } from "zod";

export class WeatherTool extends Tool {
  // @ts-expect-error the method's input contradicts the zod schema (city is a string, no country)
  @activity({ description: "Weather", schema: z.object({ city: z.string() }) })
  zodMismatch(input: { city: number; country: string }) {
    return input.city;
  }

  // @ts-expect-error the method's input contradicts the Standard Schema (arktype)
  @activity({ description: "Weather", schema: type({ city: "string" }) })
  standardMismatch(input: { city: number }) {
    return input.city;
  }

  @activity({
    description: "Pays",
    schema: z.object({ amount: z.number() }),
    // @ts-expect-error the predicate reads a field the zod schema lacks
    needsApproval: (input) => input.currency === "EUR",
  })
  zodPredicate(input: { amount: number }) {
    return input.amount;
  }

  @activity({
    description: "Pays",
    schema: type({ amount: "number" }),
    // @ts-expect-error the predicate reads a field the Standard Schema lacks
    needsApproval: (input) => input.currency === "EUR",
  })
  standardPredicate(input: { amount: number }) {
    return input.amount;
  }

  @activity({
    description: "Pays",
    schema: z.object({ amount: z.number() }),
    // @ts-expect-error the predicate gets the schema's type: a number, not a string
    needsApproval: (input) => input.amount.startsWith("1"),
  })
  typedPredicate(input: { amount: number }) {
    return input.amount;
  }
}

const result = await new Agent({ driver: new MockPromptDriver({ responses: ["hi"] }) }).run("hi");
// @ts-expect-error only a paused run has pending calls: narrow on `status` first
console.log(result.pending[0].id);
// @ts-expect-error only a paused run has a state to resume from
console.log(result.state.version);
if (result.status === "needs-approval") console.log(result.pending[0].id, result.state.version);
if (result.status === "completed") {
  // @ts-expect-error a completed run has nothing pending
  console.log(result.pending);
}
