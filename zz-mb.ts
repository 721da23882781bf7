import { toolwrightDispatcher } from "./bench/anchors/toolwright.js";
import { createEventArguments } from "./bench/workloads/create-event.js";
const d = toolwrightDispatcher();
const N = 200_000;
for (let r = 0; r < 7; r++) {
  const t = performance.now();
  for (let i = 0; i < N; i++) await d(createEventArguments);
  console.log(((performance.now() - t) * 1000 / N).toFixed(3), "µs");
}
