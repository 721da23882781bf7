import { activity, type JsonValue, Tool } from "../../src/index.js";

/** A weather service: two activities, found by their words, names and parameters. */
export class WeatherTool extends Tool {
  @activity({
    name: "forecast",
    description: "Daily weather forecast.",
    schema: {
      type: "object",
      properties: { city: { type: "string", description: "City to forecast, e.g. Rome" } },
      required: ["city"],
      additionalProperties: false,
    },
  })
  forecast(input: { city: string }) {
    return `sunny in ${input.city}`;
  }

  @activity({
    name: "stormAlerts",
    description: "Active storm warnings.",
    schema: { type: "object", properties: { region: { type: "string" } } },
  })
  stormAlerts() {
    return "none";
  }
}

/** A money tool, loaded up front in most tests. */
export class MoneyTool extends Tool {
  @activity({
    name: "convert",
    description: "Convert an amount between currencies.",
    schema: {
      type: "object",
      properties: {
        amount: { type: "number" },
        fromCurrency: { type: "string", enum: ["EUR", "USD"] },
        toCurrency: { type: "string", enum: ["EUR", "USD"] },
      },
      required: ["amount", "fromCurrency", "toCurrency"],
    },
  })
  convert(input: { amount: number }) {
    return input.amount as JsonValue;
  }
}

/** A mail tool, deferred with the weather tool. */
export class MailTool extends Tool {
  @activity({
    name: "send",
    description: "Send an email message.",
    schema: {
      type: "object",
      properties: {
        to: { type: "string", description: "Recipient address" },
        body: { type: "string" },
      },
      required: ["to", "body"],
    },
  })
  send(input: { to: string }) {
    return `sent to ${input.to}`;
  }
}

/** The serialized form up to (not including) its closing brackets: what a longer list must start with. */
export function openPrefix(value: unknown): string {
  return JSON.stringify(value).replace(/[\]}]+$/, "");
}
