import { z } from "zod";
import { activity, Tool } from "../../src/index.js";

/**
 * A small bank for scripts: reads, a slow lookup whose concurrency is counted, a destructive
 * transfer that counts its side effects, and a payout that always needs approval.
 */
export class LedgerTool extends Tool {
  balances: Record<string, number> = { alice: 100, bob: 50 };
  transfers = 0;
  payouts: number[] = [];
  running = 0;
  maxRunning = 0;
  destructiveRunning = 0;
  maxDestructiveRunning = 0;

  @activity({
    description: "The balance of an account.",
    schema: z.object({ account: z.string().describe("The account's name.") }),
  })
  balance(input: { account: string }) {
    const value = this.balances[input.account];
    if (value === undefined) throw new Error(`no account ${input.account}`);
    return { account: input.account, balance: value };
  }

  @activity({
    description: "Looks an account up slowly (it waits a few ticks).",
    schema: z.object({ account: z.string() }),
  })
  async lookup(input: { account: string }) {
    this.running += 1;
    this.maxRunning = Math.max(this.maxRunning, this.running);
    for (let tick = 0; tick < 5; tick++) await new Promise((resolve) => setImmediate(resolve));
    this.running -= 1;
    return `account ${input.account}`;
  }

  @activity({
    description: "Moves money between accounts.",
    schema: z.object({ from: z.string(), to: z.string(), amount: z.number().positive() }),
    annotations: { destructive: true },
  })
  async transfer(input: { from: string; to: string; amount: number }) {
    this.destructiveRunning += 1;
    this.maxDestructiveRunning = Math.max(this.maxDestructiveRunning, this.destructiveRunning);
    for (let tick = 0; tick < 3; tick++) await new Promise((resolve) => setImmediate(resolve));
    this.destructiveRunning -= 1;
    this.transfers += 1;
    this.balances[input.from] = (this.balances[input.from] ?? 0) - input.amount;
    this.balances[input.to] = (this.balances[input.to] ?? 0) + input.amount;
    return `moved ${input.amount}`;
  }

  @activity({
    description: "Pays money out of the bank.",
    schema: z.object({ amount: z.number() }),
    needsApproval: true,
  })
  payout(input: { amount: number }) {
    this.payouts.push(input.amount);
    return `paid ${input.amount}`;
  }
}
