/** Options every scenario takes from the runner. */
export interface ScenarioOptions {
  /** A short run (smaller sizes, less time): to check the bench works, not to quote. */
  readonly quick: boolean;
}

/** One line of the headline table (the README's), with the scenario's key figure. */
export interface HeadlineRow {
  readonly measure: string;
  readonly toolwright: string;
  readonly others: string;
}

/** What a scenario hands back: its RESULTS.md section (starting `## `) and its headline rows. */
export interface ScenarioResult {
  readonly section: string;
  readonly headline: readonly HeadlineRow[];
}

/** One scenario: a name for `--only`, and its run. */
export interface Scenario {
  readonly id: string;
  readonly title: string;
  run(options: ScenarioOptions): Promise<ScenarioResult>;
}
