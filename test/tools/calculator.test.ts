import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { type ErrorArtifact, ToolConfigError } from "../../src/index.js";
import { CalculatorTool } from "../../src/tools.js";

describe("CalculatorTool", () => {
  const calculator = new CalculatorTool();
  after(() => calculator.close());

  const calculate = (expression: string, tool = calculator) =>
    tool.run("calculate", { expression });
  const failure = async (expression: string, tool = calculator) => {
    const artifact = await calculate(expression, tool);
    assert.equal(artifact.type, "ErrorArtifact", `${expression} → ${artifact.toText()}`);
    assert.equal((artifact as ErrorArtifact).code, "calculation_failed");
    assert.match(artifact.toText(), /^error calculating: /);
    return artifact.toText();
  };

  it('computes "5 * 5" → "25" as a TextArtifact, like Griptape', async () => {
    const artifact = await calculate("5 * 5");
    assert.equal(artifact.type, "TextArtifact");
    assert.equal(artifact.toText(), "25");
  });

  it("does arithmetic, units, complex numbers, matrices and algebra", async () => {
    const cases: [string, string][] = [
      ["0.1 + 0.2", "0.3"],
      ["2 inch to cm", "5.08 cm"],
      ["sqrt(-4)", "2i"],
      ["det([1, 2; 3, 4])", "-2"],
      ["[1, 2; 3, 4] * 2", "[[2, 4], [6, 8]]"],
      ["simplify('2x + x')", "3 * x"],
      ["derivative('x^2 + 3x', 'x')", "2 * x + 3"],
      ["a = 2; b = 3; a * b", "6"],
    ];
    for (const [expression, expected] of cases) {
      assert.equal((await calculate(expression)).toText(), expected, expression);
    }
  });

  // Work no machine finishes in seconds: 300 primality tests near 2^53 (over 15 s where one takes
  // 50 ms), just under the 10,000-character limit.
  const endless = Array.from({ length: 300 }, () => "isPrime(9007199254740881)").join(" and ");

  it("turns expression bombs into error artifacts instead of hanging or crashing", async () => {
    // Each bomb fails by its own cause (a value, a length, the stack, the heap), never by the clock:
    // a busy machine may take seconds to fill a heap.
    const patient = new CalculatorTool({ evaluationTimeoutMs: 60_000 });
    try {
      assert.match(await failure("9^9^9^9", patient), /not a finite number \(Infinity\)/);
      assert.match(await failure("factorial(1e9)", patient), /not a finite number/);
      assert.match(
        await failure("1".repeat(100_000), patient),
        /100000 characters long, over the 10000 limit/,
      );
      const deep = `${"(".repeat(4000)}1${")".repeat(4000)}`;
      assert.match(await failure(deep, patient), /call stack/);
      assert.match(await failure("ones(1e5, 1e5)", patient), /more than 128 MB of memory/);
      assert.match(
        await failure("range(1, 5000)", patient),
        /characters long, over the 10000 limit/,
      );
      assert.equal(
        (await calculate("1 + 1", patient)).toText(),
        "2",
        "a fresh evaluator after a crash",
      );
    } finally {
      await patient.close();
    }
  });

  it("kills an evaluation that runs past its time limit and carries on", async () => {
    // A limit the endless expression always passes, and `2 + 2` in a fresh evaluator never does,
    // however busy the machine.
    const limited = new CalculatorTool({ evaluationTimeoutMs: 3_000 });
    try {
      assert.match(await failure(endless, limited), /took longer than 3000 ms/);
      assert.equal((await calculate("2 + 2", limited)).toText(), "4");
    } finally {
      await limited.close();
    }
  });

  it("stops an evaluation when the caller aborts", async () => {
    const controller = new AbortController();
    const pending = calculator.run(
      "calculate",
      { expression: endless },
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort(new Error("user stop")), 50);
    await assert.rejects(pending, /user stop/);
    assert.equal((await calculate("3 * 3")).toText(), "9");
  });

  it("gives expressions no way to reach the parser, change the instance or define functions", async () => {
    for (const expression of [
      "import({ x: 1 }, {})",
      "createUnit('pwn')",
      "config({ number: 'BigNumber' })",
      "evaluate('1 + 1')",
      "parse('1 + 1')",
      "compile('1 + 1')",
      "g = evaluate; g('1')",
      "map(['1'], evaluate)",
      "reviver('x', 1)",
    ]) {
      assert.match(await failure(expression), /is disabled/, expression);
    }
    assert.match(await failure("f(x) = x^2"), /defining functions is not allowed/);
    assert.match(await failure("sin.constructor"), /No access to property "constructor"/);
    assert.match(await failure("sin"), /a function, not a value/);
    // No text of a function: mathjs's `string` would print its generated JavaScript.
    for (const expression of [
      "string(cos)",
      "string([1, cos])",
      "string({a: {b: sin}})",
      "f = cos; string(f)",
    ]) {
      const text = await failure(expression);
      assert.match(text, /a function has no text/, expression);
      assert.doesNotMatch(text, /theTypedFn|function \w*\(/, expression);
    }
    assert.equal((await calculate("string(2 + 3)")).toText(), '"5"');
    assert.equal((await calculate("string([1, 2])")).toText(), '["1", "2"]');
    assert.match(await failure('simplify("f(x) = 1")'), /FunctionAssignmentNode/);
    // Nothing leaks from one expression into the next.
    await calculate("leak = 5");
    assert.match(await failure("leak"), /Undefined symbol leak/);
    assert.equal((await calculate("factorial(5)")).toText(), "120");
  });

  it("is read-only and rejects bad limits when constructed", () => {
    assert.deepEqual(calculator.findActivity("calculate")?.annotations, {
      readOnly: true,
      idempotent: true,
      openWorld: false,
    });
    assert.throws(() => new CalculatorTool({ evaluationTimeoutMs: 0 }), ToolConfigError);
    assert.throws(
      () => new CalculatorTool({ maxExpressionLength: Number.NaN }),
      /"maxExpressionLength" must be a positive number/,
    );
    assert.throws(
      () => new CalculatorTool({ poolSize: 0 }),
      /"poolSize" must be a whole number >= 1/,
    );
    assert.throws(
      () => new CalculatorTool({ maxQueue: 1.5 }),
      /"maxQueue" must be a whole number >= 0/,
    );
    assert.throws(
      () => new CalculatorTool({ queueWaitMs: -1 }),
      /"queueWaitMs" must be a whole number of milliseconds/,
    );
    // Cheap to construct: no child process starts before the first call.
    new CalculatorTool({ poolSize: 4, maxQueue: 0, queueWaitMs: 100 });
  });
});
